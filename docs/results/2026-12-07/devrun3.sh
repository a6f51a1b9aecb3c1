#!/bin/bash
O=$1; T=/tmp/r; mkdir -p $T
tar xJf build/gpu-dyn.tar.xz -C build || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
bash build/gpu-tests-dyn/run.sh $T/g > $T/g.log 2>&1; cat $T/g.log | tail -8 >> $O/log.txt
cp $T/g/gpu-tests.tgz $O/gpu-tests-dyn.tgz 2>/dev/null || ls $T/g >> $O/log.txt
