#!/bin/sh
# Starts or stops one KVLite of the Oracle NoSQL installation in $KVHOME, for a study's
# study.server.start / study.server.stop (see docs/study.md, "The Oracle NoSQL study"):
#
#   kvlite.sh start <root> [port]     start a store in <root>/kvroot (reopened when it exists) on
#                                     localhost:<port> (default 5000, and the next 20 ports), wait
#                                     until it answers, leave its pid in <root>/kvlite.pid
#   kvlite.sh stop <root>             stop that store and wait until it is gone
#
# Environment (all optional):
#   KV_HEAP        the kvlite JVM's heap (-Xmx), default 1g. KVLite runs its replication node inside
#                  this JVM: the JE cache is rnCachePercent (70 %) of it, e.g. KV_HEAP=8g → 5.6 GiB.
#   KV_MEMORY_MB   the storage node's memoryMB, i.e. the store's declared memory (storage.memory.basis
#                  ram); unset, the store reports none and a local store is sized by this host's RAM.
#   KV_STORAGE_GB  the storage directory's size; JE refuses writes beyond it. Default: the size of the
#                  file system that holds <root>.
#   KV_PARTITIONS  partitions of a new store, default 120.
#   KV_START_TIMEOUT  seconds start waits for the store to answer, default 300; counted by the clock
#                  (a slow ping counts too). On timeout the kvlite JVM it started is stopped.
#   KV_CACHE_SIZE  a new store's JE cache in bytes (its replication node's cacheSize, set by
#                  `plan change-parameters -all-rns`), instead of rnCachePercent of the heap.
#   KV_CACHE_MODE  a new store's JE cache mode for data (its replication nodes' hidden cacheMode):
#                  EVICT_LN (the store's default: the JE cache keeps the B-tree, not the records, which
#                  the file-system cache is left to hold), DEFAULT (the JE cache keeps records too; where
#                  no page cache is between the store and its device, the JE cache is then its only
#                  record cache), EVICT_BIN or UNCHANGED.
#   KV_COLLECT_ENV_STATS  a new store's replication nodes' collectEnvStats (true, the store's default, or
#                  false). While true each one collects its JE statistics every statsInterval and clears
#                  them, so the binding cannot record JE's cache misses over a phase; false lets it.
#   KV_ENV_DIR     a folder (not yet there) to hold a new store's replication node environment, the
#                  store's data: moved there after the first start and linked back. For a data folder
#                  that cannot hold the rest of kvroot, e.g. a FUSE mount with direct_io, whose files
#                  cannot be memory-mapped (the validation rig's view past the page cache).
set -eu

usage() {
  echo "usage: $0 start <root> [port] | stop <root>" >&2
  exit 2
}
[ $# -ge 2 ] || usage
: "${KVHOME:?set KVHOME to the Oracle NoSQL installation (the folder holding lib/kvstore.jar)}"
command=$1
root=$2
pidfile=$root/kvlite.pid

# shellcheck source=../lib/pidfile.sh
. "$(dirname "$0")/../lib/pidfile.sh"

# Starts the kvlite of $root on $port and waits until it answers; on failure stops it and exits 1.
start_kvlite() {
  memory=""
  [ -n "${KV_MEMORY_MB:-}" ] && memory="-memorymb $KV_MEMORY_MB"
  log=$root/kvlite.out
  : >"$log"
  # shellcheck disable=SC2086 # $memory is empty or two words
  nohup java "-Xmx${KV_HEAP:-1g}" -jar "$KVHOME/lib/kvstore.jar" kvlite -root "$root/kvroot" -store kvstore \
    -host localhost -port "$port" -harange "$((port + 1)),$((port + 5))" \
    -servicerange "$((port + 6)),$((port + 20))" -partitions "${KV_PARTITIONS:-120}" \
    -storagedirsizegb "$storage_gb" $memory -secure-config disable -printstartupok >>"$log" 2>&1 &
  echo $! >"$pidfile"
  # Ready when KVLite says the store exists and the store answers a ping (a reopened store prints
  # its message before its replication node is up).
  deadline=$(($(date +%s) + timeout_s))
  while :; do
    left=$((deadline - $(date +%s)))
    if [ "$left" -le 0 ]; then
      echo "kvlite not ready within $timeout_s s (KV_START_TIMEOUT); stopping it; its output ($log):" >&2
      stop_pid
      cat "$log" >&2
      exit 1
    fi
    if ! alive; then
      echo "kvlite exited; its output ($log):" >&2
      cat "$log" >&2
      exit 1
    fi
    # the ping gets what is left of the time, no more: a hung ping must not stretch the timeout
    if grep -q -e 'Created new kvlite store' -e 'Opened existing store' "$log" \
      && timeout "$left" java -jar "$KVHOME/lib/kvstore.jar" ping -host localhost -port "$port" >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
}

case $command in
start)
  port=${3:-5000}
  timeout_s=${KV_START_TIMEOUT:-300}
  case $timeout_s in ''|*[!0-9]*|0) echo "KV_START_TIMEOUT='$timeout_s' is invalid; accepted: seconds ≥ 1" >&2; exit 2 ;; esac
  [ -r "$KVHOME/lib/kvstore.jar" ] || { echo "KVHOME=$KVHOME holds no lib/kvstore.jar" >&2; exit 2; }
  # the root itself may be made; the folder above it (a device's mount point) must be there
  [ -d "$(dirname "$root")" ] || { echo "no folder $(dirname "$root") (is the device mounted?)" >&2; exit 2; }
  mkdir -p "$root"
  if alive; then
    echo "kvlite already running in $root (pid $(cat "$pidfile"))" >&2
    exit 1
  fi
  storage_gb=${KV_STORAGE_GB:-$(df -Pk "$root" | awk 'NR == 2 { print int($2 / 1048576) }')}
  [ "$storage_gb" -ge 1 ] || storage_gb=1
  case ${KV_CACHE_SIZE:-1} in ''|*[!0-9]*|0) echo "KV_CACHE_SIZE='$KV_CACHE_SIZE' is invalid; accepted: bytes ≥ 1" >&2; exit 2 ;; esac
  case ${KV_CACHE_MODE:-DEFAULT} in DEFAULT|EVICT_LN|EVICT_BIN|UNCHANGED) ;;
    *) echo "KV_CACHE_MODE='$KV_CACHE_MODE' is invalid; accepted: DEFAULT, EVICT_LN, EVICT_BIN, UNCHANGED" >&2; exit 2 ;; esac
  case ${KV_COLLECT_ENV_STATS:-true} in true|false) ;;
    *) echo "KV_COLLECT_ENV_STATS='$KV_COLLECT_ENV_STATS' is invalid; accepted: true, false" >&2; exit 2 ;; esac
  if [ -n "${KV_ENV_DIR:-}" ] && [ ! -d "$root/kvroot" ] && [ -e "$KV_ENV_DIR" ]; then
    echo "KV_ENV_DIR=$KV_ENV_DIR is invalid: it exists; accepted: a new folder for a new store's data" >&2
    exit 2
  fi
  new_store=false
  [ -d "$root/kvroot" ] || new_store=true
  start_kvlite
  params=$(echo ${KV_CACHE_SIZE:+cacheSize=$KV_CACHE_SIZE} ${KV_CACHE_MODE:+cacheMode=$KV_CACHE_MODE} \
    ${KV_COLLECT_ENV_STATS:+collectEnvStats=$KV_COLLECT_ENV_STATS})  # the words set, one space apart
  if $new_store && [ -n "$params" ]; then
    # shellcheck disable=SC2086 # $params is up to three words
    timeout "$timeout_s" java -jar "$KVHOME/lib/kvstore.jar" runadmin -host localhost -port "$port" -hidden \
      plan change-parameters -all-rns -wait -params $params >>"$log" 2>&1 \
      || { echo "could not set the store's parameters ($params); stopping it; its output ($log):" >&2
           stop_pid; cat "$log" >&2; exit 1; }
  fi
  if $new_store && [ -n "${KV_ENV_DIR:-}" ]; then
    stop_pid
    env=$(echo "$root"/kvroot/*/sn1/rg1-rn1/env)
    [ -d "$env" ] || { echo "no replication node environment in $root/kvroot (*/sn1/rg1-rn1/env)" >&2; exit 1; }
    mv "$env" "$KV_ENV_DIR"
    ln -s "$KV_ENV_DIR" "$env"
    start_kvlite
  fi
  echo "kvlite ready in $root on localhost:$port (pid $(cat "$pidfile"))"
  ;;
stop)
  if ! alive; then
    echo "no kvlite running in $root"
    rm -f "$pidfile"
    exit 0
  fi
  stop_pid
  echo "kvlite in $root stopped"
  ;;
*)
  usage
  ;;
esac
