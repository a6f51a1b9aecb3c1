#!/bin/bash
# one device call: the GPU lit test of the guarded pair of copies (CUDA
# 11.8 build), then the bench built against CUDA 12.3 (clang 19, ptxas
# 12.3, the model reading the toolkit): bench check, and the timing of the
# kernels whose decision the toolkit changes
O=$1; S=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
bash build/gpu-tests/run.sh $O > $O/gpu-tests.log 2>&1; tail -1 $O/gpu-tests.log >> $O/log.txt
echo "t=$((SECONDS-S)) gpu-tests" >> $O/log.txt
mkdir -p /tmp/b12 && tar xJf build/gpu12.tar.xz -C /tmp/b12 || exit 1
export LD_LIBRARY_PATH=/tmp/b12/lib:$LD_LIBRARY_PATH
/tmp/b12/bench/bench check 13 > /tmp/check.log 2>&1; tail -1 /tmp/check.log >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
for k in stream streamldg f2h tailread; do
  timeout 90 /tmp/b12/bench/bench time $O/t12-$k.csv 15 $k > /dev/null 2>&1
  echo "t=$((SECONDS-S)) $k rc=$?" >> $O/log.txt
done
cat $O/t12-*.csv > $O/cuda12.csv; rm -f $O/t12-*.csv
