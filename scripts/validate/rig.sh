# The validation rig's devices, sourced by known-devices.sh (rocksdb) and known-devices-oraclenosql.sh:
# its arguments, its prerequisites, the two block devices whose behaviour it sets, their timing, and the
# clean-up of everything it made on every exit path. Not a command of its own.
#
#   fast: ext4 on a loop device (direct I/O) over a file in /dev/shm
#   slow: ext4 on a loop device (direct I/O) over a file on delayfs.py, a FUSE pass-through file
#         system whose every read and write sleeps DELAY ms (default 5). Its service time is the delay
#         plus the pass-through's own cost (0.2-0.9 ms a request on this project's host, depending on
#         the host): service_time.py times it, before and after the studies, and the checks compare
#         the tool's figures with that measured service time.
#
# The sourcing script sets here (its folder) and rig_name (its file name, for messages), and may set
# rig_size_mb (each device's size, default 160), delay_ms and seconds (its own defaults of --delay-ms
# and --seconds), rig_min_seconds (the least --seconds it accepts, default
# 10: the slow device beyond the cache at 5 ms needs them for a verdict's 1,000 operations), rig_equal
# (true: the fast device is built as the slow one, over a delayfs of its own with the same delay, for an
# A/A run), rig_extra_missing (a function that adds its own missing
# prerequisites to the array `missing`) and rig_server and rig_server_pidfile (the script that starts and
# stops the study's servers, `stop <root>`, and the name of the pid file it leaves in each server's root
# <device>/<folder>/<scale>: the clean-up stops those still running before it unmounts anything).
set -euo pipefail

export PATH="$PATH:/usr/sbin:/sbin"
prerequisites_only=false
keep=
: "${delay_ms:=5}"
: "${seconds:=10}"
ycsb_home=${YCSB_HOME:-$(cd "$here/../.." && pwd)}
: "${rig_size_mb:=160}"
: "${rig_min_seconds:=10}"
: "${rig_equal:=false}"
default_delay_ms=$delay_ms  # usage names the defaults, not what a bad argument set
default_seconds=$seconds

usage() {
  echo "$rig_name: $1" >&2
  echo "usage: $rig_name [--delay-ms N (0.5-50, default $default_delay_ms)] [--seconds N (run time per cell, $rig_min_seconds-600, default $default_seconds)]" \
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
    -h|--help) sed -n '2,/^set -euo/{/^#/p}' "$0"; exit 0 ;;  # the script's header, however long
    *) usage "unknown argument '$1'" ;;
  esac
done
awk -v d="$delay_ms" 'BEGIN { exit !(d ~ /^[0-9]+(\.[0-9]+)?$/ && d >= 0.5 && d <= 50) }' \
  || usage "--delay-ms='$delay_ms' is invalid; accepted: a number of milliseconds from 0.5 to 50"
[[ $seconds =~ ^[0-9]+$ ]] && [ "$seconds" -ge "$rig_min_seconds" ] && [ "$seconds" -le 600 ] \
  || usage "--seconds='$seconds' is invalid; accepted: a whole number of seconds from $rig_min_seconds to 600 (the slow device beyond the cache needs $rig_min_seconds for a verdict's 1,000 operations)"
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
if declare -F rig_extra_missing >/dev/null; then
  rig_extra_missing
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "$rig_name: missing prerequisites: $(IFS=,; echo "${missing[*]}" | sed 's/,/, /g')" >&2
  exit 2
fi
if $prerequisites_only; then
  exit 0
fi

work=$(mktemp -d "/dev/shm/${rig_name%.sh}.XXXXXX")
loops=()
mounts=()
fuse_pids=()  # each FUSE daemon's pid, its mount point in fuse_mounts at the same index
fuse_mounts=()
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
  # the servers the study left running (a study ended by a signal): their data is on our mounts
  if [ -n "${rig_server:-}" ]; then
    local pidfile
    for pidfile in "$work"/fast/*/*/"${rig_server_pidfile:?}" "$work"/slow/*/*/"$rig_server_pidfile"; do
      [ -f "$pidfile" ] && "$rig_server" stop "$(dirname "$pidfile")"
    done
  fi
  if [ -n "$keep" ]; then
    mkdir -p "$keep" && cp -r "$work"/threads* "$work"/*.properties "$work"/*.out "$work"/service-*.json "$work"/results \
      "$work"/report "$work"/rig.json "$keep"/ 2>/dev/null
  fi
  # In order: the pass-throughs over the ext4 file systems, the ext4 file systems, our loop devices, the
  # FUSE mount below the slow one, then the folder.
  unmount_fuse() {
    local i
    for i in "${!fuse_mounts[@]}"; do
      case ${fuse_mounts[i]} in
        "$work"/delayfs*) [ "$1" = below ] || continue ;;  # a backing file's: below a loop device
        *) [ "$1" = above ] || continue ;;
      esac
      if mountpoint -q "${fuse_mounts[i]}"; then
        fusermount3 -u "${fuse_mounts[i]}" || fusermount3 -u -z "${fuse_mounts[i]}"
      fi
      for _ in $(seq 50); do kill -0 "${fuse_pids[i]}" 2>/dev/null || break; sleep 0.1; done
      kill "${fuse_pids[i]}" 2>/dev/null
    done
  }
  unmount_fuse above
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    umount "${mounts[i]}" || umount -l "${mounts[i]}"
  done
  for loop in "${loops[@]}"; do
    losetup -d "$loop"
  done
  unmount_fuse below
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# fuse SOURCE MOUNT DELAY_MS [--direct-reads]: delayfs.py mounted, recorded for the clean-up. In a session
# of its own: a Ctrl-C must not end it before what is above it is unmounted. At a real-time priority (it
# sleeps through almost all of its time), so that other tenants of a busy host do not add their CPU queue
# to the device's service time; the studies run at nice -19 for the same reason.
fuse() {
  mkdir -p "$2"
  setsid chrt --fifo 1 /usr/bin/python3 "$here/delayfs.py" "$@" &
  fuse_pids+=($!)
  fuse_mounts+=("$2")
  for _ in $(seq 100); do
    mountpoint -q "$2" && return 0
    kill -0 "${fuse_pids[-1]}" 2>/dev/null || { echo "$rig_name: delayfs.py ended before mounting $2" >&2; exit 1; }
    sleep 0.1
  done
  echo "$rig_name: delayfs.py did not mount $2 in 10 s" >&2
  exit 1
}

# attach FILE: a loop device with direct I/O over FILE, recorded for the clean-up; its name in $attached.
attach() {
  attached=$(losetup -f --show --direct-io=on "$1")
  loops+=("$attached")
  if [ "$(cat "/sys/block/${attached#/dev/}/loop/dio")" != 1 ]; then
    echo "$rig_name: $attached does not do direct I/O over $1: the page cache would hide the device" >&2
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

mkdir -p "$work/fast-backing" "$work/slow-backing"
truncate -s "${rig_size_mb}M" "$work/fast-backing/fast.img"
truncate -s "${rig_size_mb}M" "$work/slow-backing/slow.img"
fuse "$work/slow-backing" "$work/delayfs" "$delay_ms"
fast_backing=$work/fast-backing/fast.img
fast_backing_fs=tmpfs
if [ "$rig_equal" = true ]; then
  fuse "$work/fast-backing" "$work/delayfs-fast" "$delay_ms"
  fast_backing=$work/delayfs-fast/fast.img
  fast_backing_fs=fuse
fi
attach "$fast_backing"
fast_loop=$attached
attach "$work/delayfs/slow.img"
slow_loop=$attached
# service_time LABEL: the slow device's reads timed by a clock of our own, at the studies' priority.
service_time() {
  nice -n -19 /usr/bin/python3 "$here/service_time.py" "$slow_loop" 500 >"$work/service-$1.json" \
    || { echo "$rig_name: FAIL  timing the slow device's reads ($1 the studies)"; exit 1; }
}
service_time before
ext4 "$fast_loop" "$work/fast"
ext4 "$slow_loop" "$work/slow"
if [ "$rig_equal" = true ]; then  # the study names them a and b
  echo "${rig_name%.sh}: a = $fast_loop (ext4, loop with direct I/O over $fast_backing, delayfs: ${delay_ms} ms per read and write)"
  echo "${rig_name%.sh}: b = $slow_loop (ext4, loop with direct I/O over $work/delayfs/slow.img, delayfs: ${delay_ms} ms per read and write)"
else
  echo "${rig_name%.sh}: fast = $fast_loop (ext4, loop with direct I/O over $fast_backing on /dev/shm)"
  echo "${rig_name%.sh}: slow = $slow_loop (ext4, loop with direct I/O over $work/delayfs/slow.img, delayfs: ${delay_ms} ms per read and write)"
fi

# run_study NAME: bin/ycsb study $work/NAME.properties, its report in $work/report/NAME, its output shown
# indented; a study that fails ends the rig.
run_study() {
  echo "${rig_name%.sh}: study $1: bin/ycsb study $work/$1.properties"
  # In the background and awaited, so that a TERM or Ctrl-C reaches the trap at once.
  (cd "$work" && exec nice -n -19 "$ycsb_home/bin/ycsb" study "$work/$1.properties" \
    --report "$work/report/$1") >"$work/$1.out" 2>&1 &
  study_pid=$!
  local status=0
  wait "$study_pid" || status=$?
  study_pid=
  sed 's/^/  | /' "$work/$1.out"
  [ "$status" = 0 ] || { echo "${rig_name%.sh}: FAIL  the study $1 exited $status"; exit 1; }
}

# rocksdb_study THREADS WORKLOADS RATIOS DEVICES: the direct-I/O rocksdb binding's study on the two devices
# ($work/threads<THREADS>.properties), run by run_study: the workload files and dataset ratios as given
# (comma-separated), DEVICES the names of the fast and the slow device's folders (e.g. `fast slow`), 1 KB
# records, the 4 MB block cache the declared memory, five interleaved repetitions of $seconds s each.
# Each study on empty devices: the first study's data (and 4 threads' compactions beside it) filled the
# 160 MiB fast device once ("No space left on device" in the 4-thread load).
rocksdb_study() {
  local threads=$1 workloads=$2 ratios=$3 names=($4)
  rm -rf "$work/fast/db" "$work/slow/db"
  mkdir -p "$work/fast/db" "$work/slow/db"
  cat >"$work/threads$threads.properties" <<PROPERTIES
study.binding=rocksdb
study.workloads=$workloads
study.distributions=uniform
study.ratios=$ratios
study.devices=${names[0]}=$work/fast/db,${names[1]}=$work/slow/db
study.threads=$threads
study.repetitions=5
study.duration=${seconds}s
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
PROPERTIES
  run_study "threads$threads"
}

# direct_study NAME STUDY_FILE: a page-cache engine's server with no page cache between it and the devices.
# Each device's ext4 is also mounted through delayfs.py without a delay (<device>-direct), with direct_io (the
# kernel caches none of its pages) and reading the ext4 with O_DIRECT (its page cache holds none either): the
# study's server start command puts the server's data files there. STUDY_FILE with @RIG@ (the rig's folder),
# @HERE@ (STUDY_FILE's folder) and @SECONDS@ (the run time per cell) replaced, its first dataset size
# (study.ratios) in the server's cache and its last beyond it, is run by run_study and checked by check.py, every cache miss the engine counts a device
# read; the rig exits with check.py's status.
direct_study() {
  local device
  for device in fast slow; do
    fuse "$work/$device" "$work/$device-direct" 0 --direct-reads
  done
  local ratios
  ratios=$(sed -n 's/^study.ratios=//p' "$2")
  in_cache=ratio${ratios%%,*}  # the study's first dataset size lies in the cache, its last beyond it
  beyond_cache=ratio${ratios##*,}
  sed -e "s#@RIG@#$work#g" -e "s#@HERE@#$(cd "$(dirname "$2")" && pwd)#g" -e "s#@SECONDS@#$seconds#g" "$2" \
    >"$work/$1.properties"
  printf 'study.results=%s\n' "$work/results" >>"$work/$1.properties"
  run_study "$1"
  service_time after
  rig_json '{ "1": "'"$work/$1.out"'" }' '"cacheMissesAreDeviceReads": true,'
  /usr/bin/python3 "$here/check.py" "$work/rig.json"
}

# rig_json STUDIES_JSON [MORE]: rig.json for check.py (see there), the studies' stdout files as given, MORE
# (e.g. `"key": value, `) among its fields.
rig_json() {
  sysfs_size() { echo $(($(cat "/sys/block/${1#/dev/}/size") * 512)); }
  cat >"$work/rig.json" <<EOF
{ "delayMs": $delay_ms, "results": "$work/results",
  "slowServiceTime": { "before": $(cat "$work/service-before.json"), "after": $(cat "$work/service-after.json") }, "inCache": "$in_cache", "beyondCache": "$beyond_cache",
  "studies": $1, ${2:-}
  "devices": {
    "fast": { "loop": "${fast_loop#/dev/}", "sizeBytes": $(sysfs_size "$fast_loop"),
              "backingFile": "$fast_backing", "backingFsType": "$fast_backing_fs" },
    "slow": { "loop": "${slow_loop#/dev/}", "sizeBytes": $(sysfs_size "$slow_loop"),
              "backingFile": "$work/delayfs/slow.img", "backingFsType": "fuse" } } }
EOF
  echo "${rig_name%.sh}: load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
}
