#!/usr/bin/env bash
# Validation rig for a page-cache engine: Oracle NoSQL (KVLite, Berkeley DB JE) on the two devices of
# rig.sh, with no page cache between the store and the device, and the checks of check.py on what the
# study scripts/oraclenosql/known-devices.properties finds.
# The devices (rig.sh): fast, ext4 on a loop device with direct I/O over a file in /dev/shm; slow, the
# same over a file on delayfs.py, a FUSE pass-through whose every read and write sleeps DELAY ms
# (default 10), its service time timed by the rig itself before and after the study. Each device's ext4
# is also seen through delayfs.py without a delay, mounted with direct_io and reading the ext4 with
# O_DIRECT: the store's data (its replication node's environment) lives there, so every JE cache miss
# is a read of the device. The rest of each KVLite root stays on the ext4 (direct_io files cannot be
# memory-mapped). One KVLite at a time, started from $KVHOME by scripts/oraclenosql/kvlite.sh.
#
# usage: known-devices-oraclenosql.sh [--delay-ms N] [--seconds N] [--results DIR] [--ycsb-home DIR]
#        (defaults 10 ms, a 7,200 rpm disk's random read, and 20 s per cell: each operation also spends
#        about 2 ms on the path outside the device — the store, the client and the pass-through daemons
#        every read crosses — which at 5 ms is more than the 25 % check.py allows the device-only prediction)
#        --results DIR keeps the study's file, results and report there (a new folder)
#        known-devices-oraclenosql.sh --prerequisites   (only say what this host lacks: exit 0 when nothing)
# Needs KVHOME (an Oracle NoSQL installation: lib/kvstore.jar), root, losetup, mkfs.ext4, /dev/fuse,
# fusermount3 and python3-fusepy. Everything it makes lives in one `mktemp -d` folder in /dev/shm and
# is stopped, unmounted, detached and removed on every exit path; it touches no device it did not create.
# Exit: 0 every check held, 1 a check failed or a step did not complete, 2 bad usage or a missing
# prerequisite (named), 3 no check failed but timing checks were inconclusive (saturated host CPUs).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
rig_name=known-devices-oraclenosql.sh
rig_size_mb=8192  # sparse files: only what is written takes memory. KVLite (JE) refuses writes on a
# volume with less free space than its free-disk reserve (5 GB): "Disk limit violated"
rig_extra_missing() {
  [ -r "${KVHOME:-}/lib/kvstore.jar" ] \
    || missing+=("KVHOME (an Oracle NoSQL installation holding lib/kvstore.jar; KVHOME='${KVHOME:-}')")
}
delay_ms=${delay_ms:-10}
seconds=${seconds:-20}
rig_min_seconds=15  # the slow device beyond the cache at 10 ms: about 80 operations a second, 1,000 for a verdict
rig_server=$here/../oraclenosql/kvlite.sh
rig_server_pidfile=kvlite.pid
# shellcheck source=rig.sh
. "$here/rig.sh"

mkdir -p "$work/fast/kv" "$work/slow/kv"
direct_study oraclenosql "$here/../oraclenosql/known-devices.properties"
