#!/usr/bin/env bash
# Validation rig: builds two block devices whose behaviour we set, runs a small study on them with
# the direct-I/O rocksdb binding, and checks that the tool's figures and verdicts find what we built.
# The devices (rig.sh): fast, ext4 on a loop device with direct I/O over a file in /dev/shm; slow, the
# same over a file on delayfs.py, a FUSE pass-through whose every read and write sleeps DELAY ms
# (default 5), its service time timed by the rig itself before and after the studies.
#
# usage: known-devices.sh [--delay-ms N] [--seconds N] [--results DIR] [--ycsb-home DIR]
#        --results DIR keeps the studies' files, results and reports there (a new folder)
#        known-devices.sh --prerequisites   (only say what this host lacks: exit 0 when nothing)
# Needs root, losetup, mkfs.ext4, /dev/fuse, fusermount3 and python3-fusepy (Debian: apt-get install
# fuse3 python3-fusepy). Everything it makes lives in one `mktemp -d` folder in /dev/shm and is
# unmounted, detached and removed on every exit path; it touches no device it did not create.
# Exit: 0 every check held, 1 a check failed or a step did not complete, 2 bad usage or a missing
# prerequisite (named), 3 no check failed but timing checks were inconclusive (saturated host CPUs).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
rig_name=known-devices.sh
# shellcheck source=rig.sh
. "$here/rig.sh"

# The study: workload C on both devices, inside the engine's block cache and 8 × beyond it, at one
# thread (the device's own latency) and four, five repetitions of each. In the cache the CPU alone sets
# the pace, and a verdict's interval excludes 1 when one device's repetitions all beat the other's: for
# equal devices, by chance 1 time in 10 with three repetitions each (two comparisons a rig: one run in
# five would fail), 1 in 126 with five.
# The block cache (rocksdb.cachesize) is the declared memory, and the dataset sizes are multiples of it.
in_cache=ratio0.25
beyond_cache=ratio8
for threads in 1 4; do
  # The slow device beyond the cache does 150-200 operations a second at any thread count (the loop
  # driver hands it one request at a time): hence at least 10 s a run, for the 1,000 operations a
  # verdict needs.
  rocksdb_study "$threads" workloads/workloadc 0.25,8 "fast slow"
done

service_time after
rig_json '{ "1": "'"$work"'/threads1.out", "4": "'"$work"'/threads4.out" }'
/usr/bin/python3 "$here/check.py" "$work/rig.json"
