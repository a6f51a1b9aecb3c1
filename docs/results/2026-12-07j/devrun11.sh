#!/bin/bash
# one device call: the GPU tests of the steady-state unroll (steady_unroll,
# halo_stencils with CUDA 12.3's decisions), the CUDA 12.3 bench whose
# unrolled steady state keeps the slot it entered with (bench check, and
# stream and f2h timed), and the same kernels from the last run's unrolled
# build in the same session; every CSV in one file
O=$1; S=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
bash build/gpu-tests/run.sh $O > $O/gpu-tests.log 2>&1; tail -1 $O/gpu-tests.log >> $O/log.txt
for b in gpu12 gpu12-unroll; do mkdir -p /tmp/$b && tar xJf build/$b.tar.xz -C /tmp/$b || exit 1; done
export LD_LIBRARY_PATH=/tmp/gpu12/lib:$LD_LIBRARY_PATH
/tmp/gpu12/bench/bench check 13 > /tmp/check.log 2>&1; tail -1 /tmp/check.log >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
for k in stream f2h; do
  for b in gpu12 gpu12-unroll; do
    timeout 60 /tmp/$b/bench/bench time /tmp/$b-$k.csv 15 $k > /dev/null 2>&1
    echo "t=$((SECONDS-S)) $b $k rc=$?" >> $O/log.txt
    sed "s/^/$b,/" /tmp/$b-$k.csv >> $O/timing.csv
  done
done
