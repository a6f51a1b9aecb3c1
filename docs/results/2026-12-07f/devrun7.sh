#!/bin/bash
# one device call: bench check and the whole bench at the final code
# (unroll-compute on by default; `rolled` is the default with it off)
O=$1; S=$SECONDS; T=/tmp/r; mkdir -p $T
tar xJf build/gpu.tar.xz -C build || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
build/bench/bench check 9 > $T/check.log 2>&1; tail -1 $T/check.log >> $O/log.txt
grep -i "fail" $T/check.log | head -20 >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
timeout 240 compute-sanitizer --tool racecheck --error-exitcode 9 build/bench/bench run sgemm1d plugin > $T/rc.log 2>&1; echo "racecheck sgemm1d rc=$?" >> $O/log.txt; grep -o "RACECHECK SUMMARY.*" $T/rc.log >> $O/log.txt
echo "t=$((SECONDS-S)) racecheck" >> $O/log.txt
build/bench/bench time $O/all.csv ${REPS:-15} > $O/all.log 2>&1
echo "t=$((SECONDS-S)) all rc=$?" >> $O/log.txt
