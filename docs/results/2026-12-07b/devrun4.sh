#!/bin/bash
# one device call: the dynamic-memory GPU tests, the generated kernels, a racecheck, bench check, rowreduce, the whole bench while time lasts
O=$1; D=${2:-560}; S=$SECONDS; T=/tmp/r; mkdir -p $T
tar xJf build/gpu.tar.xz -C build || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
bash build/gpu-tests-dyn/run.sh $T/g > $T/g.log 2>&1; tail -2 $T/g.log >> $O/log.txt
grep -E "^(FAIL|PASS)" $T/g.log | head -20 >> $O/log.txt
cp $T/g/gpu-tests.tgz $O/ 2>/dev/null || ls $T/g >> $O/log.txt
echo "t=$((SECONDS-S)) gpu-tests" >> $O/log.txt
python3 utils/fuzz.py gpu-run build/fuzz-sym --run-seed 7 --racecheck 9 > $T/fz.log 2>&1; tail -4 $T/fz.log >> $O/log.txt; grep -E '^(DIFF|FAIL|SANITIZER)' $T/fz.log | head >> $O/log.txt
echo "t=$((SECONDS-S)) fuzz" >> $O/log.txt
timeout 120 compute-sanitizer --tool racecheck build/gpu-tests-dyn/dynamic_last_slot.plugin 4 > $T/rc.log 2>&1; echo "racecheck rc=$?" >> $O/log.txt; tail -3 $T/rc.log >> $O/log.txt
echo "t=$((SECONDS-S)) racecheck" >> $O/log.txt
build/bench/bench check ${CHECKS:-3} > $T/check.log 2>&1; tail -2 $T/check.log >> $O/log.txt
grep -i "fail" $T/check.log | head -20 >> $O/log.txt; grep "rowreduce" $T/check.log | head -3 >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
build/bench/bench time $O/rowreduce.csv 20 rowreduce > $O/rowreduce.log 2>&1
echo "t=$((SECONDS-S)) rowreduce" >> $O/log.txt
timeout $((D - (SECONDS-S))) build/bench/bench time $O/all.csv 10 > $O/all.log 2>&1
echo "t=$((SECONDS-S)) all rc=$?" >> $O/log.txt
