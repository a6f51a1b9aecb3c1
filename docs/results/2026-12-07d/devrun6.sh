#!/bin/bash
# one device call: nvcc's builds of the bench (as utils/gpu-run.sh's nvcc
# step), bench check (unrollc new), the whole bench with nvcc's rows, and the
# gap kernels again with clang's PTX JIT-compiled by the driver (CUDA 13's
# assembler in place of ptxas 11.8)
O=$1; S=$SECONDS; T=/tmp/r; mkdir -p $T
tar xJf build/gpu.tar.xz -C build || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
nvcc=/usr/local/cuda/bin/nvcc; $nvcc --version | tail -n 1 >> $O/log.txt
f=(-O3 -arch=sm_90 -std=c++17 -Xcompiler -fPIC -DPL_EXPORT -Iinclude)
$nvcc "${f[@]}" -DPL_NS=nvcc_plain -c bench/variant.cu -o build/bench/nvcc_plain.o > $T/nvcc.log 2>&1 &
$nvcc "${f[@]}" -DPL_NS=nvcc_hand -DPL_HAND -c bench/variant.cu -o build/bench/nvcc_hand.o > $T/nvcc_hand.log 2>&1 &
wait
$nvcc -shared -arch=sm_90 build/bench/nvcc_plain.o build/bench/nvcc_hand.o -o build/bench/libbench-nvcc.so >> $T/nvcc.log 2>&1; echo "nvcc rc=$?" >> $O/log.txt; tail -3 $T/nvcc.log >> $O/log.txt
echo "t=$((SECONDS-S)) nvcc" >> $O/log.txt
build/bench/bench check 7 > $T/check.log 2>&1; tail -1 $T/check.log >> $O/log.txt
grep -i "fail" $T/check.log | head -20 >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
build/bench/bench time $O/all.csv ${REPS:-20} > $O/all.log 2>&1
echo "t=$((SECONDS-S)) all rc=$?" >> $O/log.txt
for k in tailread mmchecked_2blk attention zstencil fixedk_wmma sgemm1d sgemmvec stream f2h; do
  CUDA_FORCE_PTX_JIT=1 timeout 120 build/bench/bench time $O/jit-$k.csv 10 $k > $O/jit-$k.log 2>&1
  echo "t=$((SECONDS-S)) jit $k rc=$?" >> $O/log.txt
done
