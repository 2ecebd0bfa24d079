#!/usr/bin/env bash
# Validation rig: builds two block devices whose behaviour we set, runs a small study on them with
# the direct-I/O rocksdb binding, and checks that the tool's figures and verdicts find what we built.
#
#   fast: ext4 on a loop device (direct I/O) over a file in /dev/shm
#   slow: ext4 on a loop device (direct I/O) over a file on delayfs.py, a FUSE pass-through file
#         system whose every read and write sleeps DELAY ms (default 5). Its service time is the delay
#         plus the pass-through's own cost (0.2-0.9 ms a request on this project's host, depending on
#         the host): service_time.py times it, before and after the studies, and the checks compare
#         the tool's figures with that measured service time.
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
export PATH="$PATH:/usr/sbin:/sbin"
prerequisites_only=false
keep=
delay_ms=5
seconds=10
ycsb_home=${YCSB_HOME:-$(cd "$here/../.." && pwd)}

usage() {
  echo "known-devices.sh: $1" >&2
  echo "usage: known-devices.sh [--delay-ms N (0.5-50, default 5)] [--seconds N (run time per cell, 10-600, default 10)]" \
    "[--results DIR (a new folder for the studies' results and reports)]" \
    "[--ycsb-home DIR (default \$YCSB_HOME or this install)]" >&2
  exit 2
}

while [ $# -gt 0 ]; do
  case $1 in
    --delay-ms) [ $# -ge 2 ] || usage "--delay-ms needs a value"; delay_ms=$2; shift 2 ;;
    --seconds) [ $# -ge 2 ] || usage "--seconds needs a value"; seconds=$2; shift 2 ;;
    --results) [ $# -ge 2 ] || usage "--results needs a value"; keep=$2; shift 2 ;;
    --ycsb-home) [ $# -ge 2 ] || usage "--ycsb-home needs a value"; ycsb_home=$2; shift 2 ;;
    --prerequisites) prerequisites_only=true; shift ;;
    -h|--help) sed -n '2,/^set -euo/{/^#/p}' "$0"; exit 0 ;;  # this header, however long
    *) usage "unknown argument '$1'" ;;
  esac
done
awk -v d="$delay_ms" 'BEGIN { exit !(d ~ /^[0-9]+(\.[0-9]+)?$/ && d >= 0.5 && d <= 50) }' \
  || usage "--delay-ms='$delay_ms' is invalid; accepted: a number of milliseconds from 0.5 to 50"
[[ $seconds =~ ^[0-9]+$ ]] && [ "$seconds" -ge 10 ] && [ "$seconds" -le 600 ] \
  || usage "--seconds='$seconds' is invalid; accepted: a whole number of seconds from 10 to 600 (the slow device beyond the cache needs 10 for a verdict's 1,000 operations)"
[ -z "$keep" ] || [ ! -e "$keep" ] || usage "--results='$keep' is invalid: it exists; accepted: a path where a new folder can be made"
[ -x "$ycsb_home/bin/ycsb" ] || usage "--ycsb-home='$ycsb_home' is invalid: no bin/ycsb there; accepted: an unpacked ycsb-storage install"

# Prerequisites, each named when missing.
missing=()
[ "$(id -u)" = 0 ] || missing+=("root (loop devices and mounts)")
for tool in losetup mkfs.ext4 mount umount fusermount3 mountpoint setsid chrt nice; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
[ -c /dev/fuse ] || missing+=("/dev/fuse")
/usr/bin/python3 -c 'import fusepy' 2>/dev/null || /usr/bin/python3 -c 'import fuse; fuse.FUSE' 2>/dev/null \
  || missing+=("python3-fusepy under /usr/bin/python3")
if [ ${#missing[@]} -gt 0 ]; then
  echo "known-devices.sh: missing prerequisites: $(IFS=,; echo "${missing[*]}" | sed 's/,/, /g')" >&2
  exit 2
fi
if $prerequisites_only; then
  exit 0
fi

work=$(mktemp -d /dev/shm/known-devices.XXXXXX)
loops=()
mounts=()
fuse_pid=
study_pid=
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  set +e
  if [ -n "$study_pid" ]; then
    kill -TERM "$study_pid" 2>/dev/null  # the study ends its clients too
    for _ in $(seq 600); do kill -0 "$study_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$study_pid" 2>/dev/null  # a study deaf to TERM for a minute must not keep the devices busy
    wait "$study_pid"
  fi
  if [ -n "$keep" ]; then
    mkdir -p "$keep" && cp -r "$work"/threads* "$work"/service-*.json "$work"/results "$work"/report "$work"/rig.json "$keep"/ 2>/dev/null
  fi
  # In order: the ext4 file systems, our loop devices, the FUSE mount, then the folder.
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    umount "${mounts[i]}" || umount -l "${mounts[i]}"
  done
  for loop in "${loops[@]}"; do
    losetup -d "$loop"
  done
  if mountpoint -q "$work/delayfs"; then
    fusermount3 -u "$work/delayfs" || fusermount3 -u -z "$work/delayfs"
  fi
  if [ -n "$fuse_pid" ]; then
    for _ in $(seq 50); do kill -0 "$fuse_pid" 2>/dev/null || break; sleep 0.1; done
    kill "$fuse_pid" 2>/dev/null
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# attach FILE: a loop device with direct I/O over FILE, recorded for the clean-up; its name in $attached.
attach() {
  attached=$(losetup -f --show --direct-io=on "$1")
  loops+=("$attached")
  if [ "$(cat "/sys/block/${attached#/dev/}/loop/dio")" != 1 ]; then
    echo "known-devices.sh: $attached does not do direct I/O over $1: the page cache would hide the device" >&2
    exit 1
  fi
}

# ext4 LOOP DIR: an ext4 file system on LOOP, mounted on DIR, recorded for the clean-up.
ext4() {
  mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$1" >/dev/null
  mkdir -p "$2"
  mount "$1" "$2"
  mounts+=("$2")
}

size_mb=160
mkdir -p "$work/fast-backing" "$work/slow-backing" "$work/delayfs"
truncate -s ${size_mb}M "$work/fast-backing/fast.img"
truncate -s ${size_mb}M "$work/slow-backing/slow.img"
# In a session of its own: a Ctrl-C must not end it before the ext4 above it is unmounted. At a real-time
# priority (it sleeps through almost all of its time), so that other tenants of a busy host do not add
# their CPU queue to the device's service time; the studies run at nice -19 for the same reason.
setsid chrt --fifo 1 /usr/bin/python3 "$here/delayfs.py" "$work/slow-backing" "$work/delayfs" "$delay_ms" &
fuse_pid=$!
for _ in $(seq 100); do
  mountpoint -q "$work/delayfs" && break
  kill -0 "$fuse_pid" 2>/dev/null || { echo "known-devices.sh: delayfs.py ended before mounting" >&2; exit 1; }
  sleep 0.1
done
mountpoint -q "$work/delayfs" || { echo "known-devices.sh: delayfs.py did not mount in 10 s" >&2; exit 1; }
attach "$work/fast-backing/fast.img"
fast_loop=$attached
attach "$work/delayfs/slow.img"
slow_loop=$attached
# service_time LABEL: the slow device's reads timed by a clock of our own, at the studies' priority.
service_time() {
  nice -n -19 /usr/bin/python3 "$here/service_time.py" "$slow_loop" 500 >"$work/service-$1.json" \
    || { echo "known-devices: FAIL  timing the slow device's reads ($1 the studies)"; exit 1; }
}
service_time before
ext4 "$fast_loop" "$work/fast"
ext4 "$slow_loop" "$work/slow"
echo "known-devices: fast = $fast_loop (ext4, loop with direct I/O over $work/fast-backing/fast.img on /dev/shm)"
echo "known-devices: slow = $slow_loop (ext4, loop with direct I/O over $work/delayfs/slow.img, delayfs: ${delay_ms} ms per read and write)"


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
  duration=$seconds
  # Each study on empty devices: the first study's data (and 4 threads' compactions beside it) filled
  # the 160 MiB fast device once ("No space left on device" in the 4-thread load).
  rm -rf "$work/fast/db" "$work/slow/db"
  mkdir -p "$work/fast/db" "$work/slow/db"
  cat >"$work/threads$threads.properties" <<EOF
study.binding=rocksdb
study.workloads=workloads/workloadc
study.distributions=uniform
study.ratios=0.25,8
study.devices=fast=$work/fast/db,slow=$work/slow/db
study.threads=$threads
study.repetitions=5
study.duration=${duration}s
study.operationcount=100000000
study.results=$work/results
storage.server.memory=4MB
storage.memory.basis=cache
storage.warmup=2s
fieldcount=1
fieldlength=1000
rocksdb.dir={datadir}/{scale}
collector.paths={datadir}
collector.probe.size=4MiB
collector.probe.time=1s
EOF
  echo "known-devices: study, $threads thread(s): bin/ycsb study $work/threads$threads.properties"
  # In the background and awaited, so that a TERM or Ctrl-C reaches the trap at once.
  (cd "$work" && exec nice -n -19 "$ycsb_home/bin/ycsb" study "$work/threads$threads.properties" \
    --report "$work/report/threads$threads") >"$work/threads$threads.out" 2>&1 &
  study_pid=$!
  status=0
  wait "$study_pid" || status=$?
  study_pid=
  sed 's/^/  | /' "$work/threads$threads.out"
  [ "$status" = 0 ] || { echo "known-devices: FAIL  the study with $threads thread(s) exited $status"; exit 1; }
done

service_time after
sysfs_size() { echo $(($(cat "/sys/block/${1#/dev/}/size") * 512)); }
cat >"$work/rig.json" <<EOF
{ "delayMs": $delay_ms, "results": "$work/results",
  "slowServiceTime": { "before": $(cat "$work/service-before.json"), "after": $(cat "$work/service-after.json") }, "inCache": "$in_cache", "beyondCache": "$beyond_cache",
  "studies": { "1": "$work/threads1.out", "4": "$work/threads4.out" },
  "devices": {
    "fast": { "loop": "${fast_loop#/dev/}", "sizeBytes": $(sysfs_size "$fast_loop"),
              "backingFile": "$work/fast-backing/fast.img", "backingFsType": "tmpfs" },
    "slow": { "loop": "${slow_loop#/dev/}", "sizeBytes": $(sysfs_size "$slow_loop"),
              "backingFile": "$work/delayfs/slow.img", "backingFsType": "fuse" } } }
EOF
echo "known-devices: load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
/usr/bin/python3 "$here/check.py" "$work/rig.json"
