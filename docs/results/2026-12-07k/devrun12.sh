#!/bin/bash
# one device call: the GPU tests of copy loops unrolled for the register
# lowering (copy_loop_narrow) and of the copy-loop shapes before it, the
# CUDA 11.8 bench with the new boxu8 kernel (bench check, every variant
# bitwise plain), compute-sanitizer on boxu8's plugin builds, and boxu8
# timed; every CSV in one file
O=$1; S=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
bash build/gpu-tests/run.sh $O > $O/gpu-tests.log 2>&1; tail -1 $O/gpu-tests.log >> $O/log.txt
echo "t=$((SECONDS-S)) gpu-tests" >> $O/log.txt
build/bench/bench check 17 > /tmp/check.log 2>&1; tail -1 /tmp/check.log >> $O/log.txt
grep -c "boxu8" /tmp/check.log >> $O/log.txt; grep -m5 FAIL /tmp/check.log >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
for tool in racecheck synccheck memcheck; do
  for v in plugin s4 regs sm75; do
    compute-sanitizer --tool $tool --error-exitcode 9 build/bench/bench run boxu8 $v > /tmp/san.log 2>&1
    echo "$tool boxu8 $v rc=$? $(grep -o '[A-Z]* SUMMARY.*' /tmp/san.log | head -1)" >> $O/log.txt
  done
done
echo "t=$((SECONDS-S)) sanitizer" >> $O/log.txt
timeout 120 build/bench/bench time /tmp/boxu8.csv 21 boxu8 > $O/time.txt 2>&1
echo "t=$((SECONDS-S)) time rc=$?" >> $O/log.txt
cat /tmp/boxu8.csv >> $O/timing.csv
