#!/bin/bash
# one device call: bench check (every variant, s6 and s8 new), racecheck and
# synccheck of the s6 and s8 builds of every bench kernel, the whole bench
O=$1; S=$SECONDS; T=/tmp/r; mkdir -p $T
tar xJf build/gpu.tar.xz -C build || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log.txt
build/bench/bench check 5 > $T/check.log 2>&1; tail -1 $T/check.log >> $O/log.txt
grep -i "fail" $T/check.log | head -20 >> $O/log.txt
echo "t=$((SECONDS-S)) check" >> $O/log.txt
jobs=(); for tool in racecheck synccheck; do for k in $(build/bench/bench list | head -n 1); do for v in s6 s8; do jobs+=("$tool $k $v"); done; done; done
printf '%s\n' "${jobs[@]}" | xargs -P 8 -L 1 sh -c \
  'log=$(compute-sanitizer --tool "$0" --error-exitcode 9 build/bench/bench run "$1" "$2" 2>&1); rc=$?;
   sum=$(printf "%s\n" "$log" | grep -o "[A-Z]* SUMMARY.*" | head -n 1);
   if [ $rc = 0 ]; then echo "PASS $0 $1 $2 ($sum)"; else echo "FAIL $0 $1 $2 ($sum)"; printf "%s\n" "$log" | head -n 20; fi' > $O/sanitizer.log 2>&1
echo "sanitizer: $(grep -c '^PASS' $O/sanitizer.log) passed, $(grep -c '^FAIL' $O/sanitizer.log) failed of ${#jobs[@]}" >> $O/log.txt
echo "t=$((SECONDS-S)) sanitizer" >> $O/log.txt
build/bench/bench time $O/all.csv ${REPS:-20} > $O/all.log 2>&1
echo "t=$((SECONDS-S)) all rc=$?" >> $O/log.txt
