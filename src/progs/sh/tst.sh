#!/bin/sh
# tst.sh input: one copy of the shell workload, UnixBench's four lines.  In
# the current directory: sort the input, dump the result with od and sort
# that numerically, grep "the" through tee into wc, remove the four files.
# set -e adds no process: a failing step stops the copy with its status, so
# multi.sh fails and the driver reports the tool's message.
set -e
sort > sort.$$ < "$1"
od sort.$$ | sort -n -k 1 > od.$$
grep the sort.$$ | tee grep.$$ | wc > wc.$$
rm sort.$$ grep.$$ od.$$ wc.$$
