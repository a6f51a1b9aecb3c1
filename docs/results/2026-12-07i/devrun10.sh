#!/bin/bash
# one device call: the GPU tests (staged_depth, halo_stencils with CUDA
# 12.3's decisions, copy_loop_guarded_pair), the bench built against CUDA
# 12.3 with rotated register rings (bench check, timing of the kernels the
# depth changes), the same kernels from the earlier unrolled build in the
# same session, and the hand-written rotate.cu experiment (clang + CUDA
# 12.3; the nvcc build only where time allows)
O=$1; S=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
bash build/gpu-tests/run.sh $O > $O/gpu-tests.log 2>&1; tail -1 $O/gpu-tests.log >> $O/log.txt
echo "t=$((SECONDS-S)) gpu-tests" >> $O/log.txt
for b in gpu12 gpu12-unroll; do
  mkdir -p /tmp/$b && tar xJf build/$b.tar.xz -C /tmp/$b || exit 1
done
export LD_LIBRARY_PATH=/tmp/gpu12/lib:$LD_LIBRARY_PATH
/tmp/gpu12/bench/bench check 13 > /tmp/check.log 2>&1; tail -1 /tmp/check.log >> $O/log.txt
grep -i "fail\|differ" /tmp/check.log | head -20 >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
for k in stream f2h; do
  timeout 90 /tmp/gpu12/bench/bench time $O/depth-$k.csv 15 $k > /dev/null 2>&1
  echo "t=$((SECONDS-S)) depth $k rc=$?" >> $O/log.txt
  timeout 90 /tmp/gpu12-unroll/bench/bench time $O/unroll-$k.csv 15 $k > /dev/null 2>&1
  echo "t=$((SECONDS-S)) unroll $k rc=$?" >> $O/log.txt
done
(cd build/rot && LD_LIBRARY_PATH=$PWD ./rotate123 > $O/rotate-clang123.txt 2>&1; echo "t=$((SECONDS-S)) rotate clang rc=$?" >> $O/log.txt)
if [ $((SECONDS-S)) -lt 200 ]; then
  (nvcc -O3 -arch=sm_90 docs/results/2026-12-07i/rotate.cu -o /tmp/rn -Xptxas -v > $O/rotate-nvcc-build.txt 2>&1 && /tmp/rn > $O/rotate-nvcc.txt 2>&1; echo "t=$((SECONDS-S)) rotate nvcc rc=$?" >> $O/log.txt)
fi
