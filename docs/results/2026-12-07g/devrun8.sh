#!/bin/bash
# one device call: the bench built against CUDA 12.3 (clang 19, ptxas
# 12.3) beside nvcc 13's builds, on the kernels where nvcc's plain build
# led the CUDA 11.8 build
O=$1; S=$SECONDS
mkdir -p /tmp/b12 && tar xJf build/gpu12.tar.xz -C /tmp/b12 || exit 1
export LD_LIBRARY_PATH=/tmp/b12/lib:$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
nvcc=/usr/local/cuda/bin/nvcc
f=(-O3 -arch=sm_90 -std=c++17 -Xcompiler -fPIC -DPL_EXPORT -Iinclude)
$nvcc "${f[@]}" -DPL_NS=nvcc_plain -c bench/variant.cu -o /tmp/b12/nvcc_plain.o > /tmp/nvcc.log 2>&1 &
$nvcc "${f[@]}" -DPL_NS=nvcc_hand -DPL_HAND -c bench/variant.cu -o /tmp/b12/nvcc_hand.o >> /tmp/nvcc.log 2>&1 &
wait
$nvcc -shared -arch=sm_90 /tmp/b12/nvcc_plain.o /tmp/b12/nvcc_hand.o -o /tmp/b12/bench/libbench-nvcc.so >> /tmp/nvcc.log 2>&1; echo "nvcc rc=$?" >> $O/log.txt
echo "t=$((SECONDS-S)) nvcc" >> $O/log.txt
/tmp/b12/bench/bench check 11 > /tmp/check.log 2>&1; tail -1 /tmp/check.log >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
for k in attention tailread mmchecked_2blk fixedk_wmma sgemm1d sgemmvec stream f2h zstencil ptrbatch skipgemm batchtr rowreduce conv5 kmeans; do
  timeout 60 /tmp/b12/bench/bench time $O/t12-$k.csv 15 $k > /dev/null 2>&1
  echo "t=$((SECONDS-S)) $k rc=$?" >> $O/log.txt
done
cat $O/t12-*.csv > $O/cuda12.csv; rm -f $O/t12-*.csv
