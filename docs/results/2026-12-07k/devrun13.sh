#!/bin/bash
# one device call at the final code: bench check (every variant bitwise
# plain), and boxu8 timed again, its default build now the loop as written
O=$1; S=$SECONDS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/log2.txt
build/bench/bench check 19 > /tmp/check.log 2>&1; tail -1 /tmp/check.log >> $O/log2.txt
echo "t=$((SECONDS-S)) check" >> $O/log2.txt
timeout 120 build/bench/bench time /tmp/boxu8.csv 21 boxu8 > /dev/null 2>&1
echo "t=$((SECONDS-S)) time rc=$?" >> $O/log2.txt
cat /tmp/boxu8.csv >> $O/timing2.csv
