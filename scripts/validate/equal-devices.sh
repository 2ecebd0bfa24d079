#!/usr/bin/env bash
# A/A run of the validation rig: two devices built the same way, a study over them in and beyond the
# cache, and a count of the verdicts that name a difference. Two equal devices make none, so every such
# verdict is a false one; the report's verdict rule allows at most 1 in 100 (docs/report.md, "Verdicts").
# The devices (rig.sh with rig_equal): ext4 on a loop device with direct I/O over a file on delayfs.py, a
# FUSE pass-through whose every read and write sleeps DELAY ms (default 1), one daemon each.
# The studies: the direct-I/O rocksdb binding, workloads C and B uniform, 1 KB records, the block cache
# of 4 MB the declared memory, datasets of 0.25× and 0.5× (in the cache) and 2×, 4× and 8× (beyond it),
# five repetitions of each device interleaved, at one thread and at four: 20 comparisons.
#
# usage: equal-devices.sh [--delay-ms N] [--seconds N] [--results DIR] [--ycsb-home DIR]
#        --results DIR keeps the studies' files, results and reports there (a new folder)
#        equal-devices.sh --prerequisites   (only say what this host lacks: exit 0 when nothing)
# Needs what known-devices.sh needs: root, losetup, mkfs.ext4, /dev/fuse, fusermount3, python3-fusepy.
# Everything it makes lives in one `mktemp -d` folder in /dev/shm and is unmounted, detached and
# removed on every exit path; it touches no device it did not create.
# Exit: 0 at most one false verdict, 1 two or more (or a study did not complete), 2 bad usage or a
# missing prerequisite (named), 3 none false but fewer than 20 comparisons judged (a busy host's
# "no verdict"s test nothing: run it again on a quieter host).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
rig_name=equal-devices.sh
rig_equal=true
delay_ms=1
seconds=5
# At 1 ms a device beyond the cache serves about 700 reads a second: 5 s give a verdict's 1,000
# operations and the collector's three samples.
rig_min_seconds=4
# shellcheck source=rig.sh
. "$here/rig.sh"

for threads in 1 4; do
  rocksdb_study "$threads" workloads/workloadc,workloads/workloadb 0.25,0.5,2,4,8 "a b"
done

echo "${rig_name%.sh}: load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
/usr/bin/python3 "$here/check_equal.py" "$work/threads1.out" "$work/threads4.out"
