#!/bin/bash
# One device call for the sixteenth 2026-12-07 session's work, prepared
# without a device (none was lent that session). Carry build/bench/bench,
# build/gpu-tests and build/gen-gpu16. Steps:
#  1. the GPU tests of the session's shapes (copy_loop_narrow: 2-D rows and
#     an in-place byte loop; constant_offset_copies; straight_skips) and the
#     skipped-copy tests before them, each plugin build bitwise the plain;
#  2. the four generated kernels that became legal (k00098, k00113, k00306,
#     k00548), plugin against plain, and racecheck on them;
#  3. bench check (every variant bitwise plain, regspred included);
#  4. compute-sanitizer on boxu8's regspred build;
#  5. boxu8 and the register-lowered kernels timed, regsall against regspred.
O=$1; S=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
bash build/gpu-tests/run.sh $O > $O/gpu-tests.log 2>&1; tail -1 $O/gpu-tests.log >> $O/log.txt
echo "t=$((SECONDS-S)) gpu-tests" >> $O/log.txt
python3 utils/fuzz.py gpu-run build/gen-gpu16 --racecheck 4 > $O/gen.log 2>&1
tail -3 $O/gen.log >> $O/log.txt
echo "t=$((SECONDS-S)) gen" >> $O/log.txt
build/bench/bench check 23 > /tmp/check.log 2>&1; tail -1 /tmp/check.log >> $O/log.txt
grep -m5 FAIL /tmp/check.log >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
for tool in racecheck synccheck memcheck; do
  compute-sanitizer --tool $tool --error-exitcode 9 build/bench/bench run boxu8 regspred > /tmp/san.log 2>&1
  echo "$tool boxu8 regspred rc=$? $(grep -o '[A-Z]* SUMMARY.*' /tmp/san.log | head -1)" >> $O/log.txt
done
echo "t=$((SECONDS-S)) sanitizer" >> $O/log.txt
for k in boxu8 f2h h16tile conv5; do
  timeout 150 build/bench/bench time /tmp/t.csv 21 $k >> $O/time.txt 2>&1
  echo "t=$((SECONDS-S)) time $k rc=$?" >> $O/log.txt
  cat /tmp/t.csv >> $O/timing.csv
done
