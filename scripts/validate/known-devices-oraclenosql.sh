#!/usr/bin/env bash
# Validation rig for a page-cache engine: Oracle NoSQL (KVLite, Berkeley DB JE) on the two devices of
# rig.sh, with no page cache between the store and the device, and the checks of check.py on what the
# study scripts/oraclenosql/known-devices.properties finds.
# The devices (rig.sh): fast, ext4 on a loop device with direct I/O over a file in /dev/shm; slow, the
# same over a file on delayfs.py, a FUSE pass-through whose every read and write sleeps DELAY ms
# (default 5), its service time timed by the rig itself before and after the study. Each device's ext4
# is also seen through delayfs.py without a delay, mounted with direct_io and reading the ext4 with
# O_DIRECT: the store's data (its replication node's environment) lives there, so every JE cache miss
# is a read of the device. The rest of each KVLite root stays on the ext4 (direct_io files cannot be
# memory-mapped). One KVLite at a time, started from $KVHOME by scripts/oraclenosql/kvlite.sh.
#
# usage: known-devices-oraclenosql.sh [--delay-ms N] [--seconds N] [--results DIR] [--ycsb-home DIR]
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
# The KVLite JVMs the study left running (a study ended by a signal): their data is on our mounts.
rig_before_unmount() {
  local pidfile
  for pidfile in "$work"/fast/kv/*/kvlite.pid "$work"/slow/kv/*/kvlite.pid; do
    [ -f "$pidfile" ] && "$here/../oraclenosql/kvlite.sh" stop "$(dirname "$pidfile")"
  done
}
# shellcheck source=rig.sh
. "$here/rig.sh"

for device in fast slow; do
  mkdir -p "$work/$device/kv"
  fuse "$work/$device" "$work/$device-direct" 0 --direct-reads
done

in_cache=ratio0.5
beyond_cache=ratio8
sed -e "s#@RIG@#$work#g" -e "s#@HERE@#$here/../oraclenosql#g" -e "s#@SECONDS@#$seconds#g" \
  "$here/../oraclenosql/known-devices.properties" >"$work/oraclenosql.properties"
printf 'study.results=%s\n' "$work/results" >>"$work/oraclenosql.properties"
run_study oraclenosql

service_time after
rig_json '{ "1": "'"$work"'/oraclenosql.out" }' '"cacheMissesAreDeviceReads": true,'
/usr/bin/python3 "$here/check.py" "$work/rig.json"
