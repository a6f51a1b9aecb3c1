#!/bin/bash
# The seventeenth 2026-12-07 session's device calls, carrying
# build/bench/bench, build/gpu-tests and build/gen-gpu16 (built at this
# session's code). `devrun15.sh OUT a`: the GPU tests (each plugin build
# bitwise its plain), the four generated kernels plugin against plain with
# racecheck, bench check (every variant bitwise plain) and
# compute-sanitizer on boxu8's regspred build. `devrun15.sh OUT b`: boxu8,
# f2h, h16tile and conv5 timed (every variant in one run, 21 repetitions,
# medians).
O=$1; S=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/log.txt
if [ "$2" = a ]; then
  bash build/gpu-tests/run.sh $O > $O/gpu-tests.log 2>&1; tail -1 $O/gpu-tests.log >> $O/log.txt
  echo "t=$((SECONDS-S)) gpu-tests" >> $O/log.txt
  python3 utils/fuzz.py gpu-run build/gen-gpu16 --racecheck 4 > $O/gen.log 2>&1
  tail -3 $O/gen.log >> $O/log.txt
  echo "t=$((SECONDS-S)) gen" >> $O/log.txt
  build/bench/bench check 23 > $O/check.log 2>&1; tail -1 $O/check.log >> $O/log.txt
  grep -m5 FAIL $O/check.log >> $O/log.txt
  echo "t=$((SECONDS-S)) check" >> $O/log.txt
  for tool in racecheck synccheck memcheck; do
    compute-sanitizer --tool $tool --error-exitcode 9 build/bench/bench run boxu8 regspred > /tmp/san.log 2>&1
    echo "$tool boxu8 regspred rc=$? $(grep -o '[A-Z]* SUMMARY.*' /tmp/san.log | head -1)" >> $O/log.txt
  done
  echo "t=$((SECONDS-S)) sanitizer" >> $O/log.txt
else
  for k in boxu8 f2h h16tile conv5; do
    timeout 140 build/bench/bench time /tmp/t.csv 21 $k >> $O/time.txt 2>&1
    echo "t=$((SECONDS-S)) time $k rc=$?" >> $O/log.txt
    cat /tmp/t.csv >> $O/timing.csv
  done
fi
