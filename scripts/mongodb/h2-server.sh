#!/bin/sh
# Starts or stops a MongoDB-wire server on H2 (scripts/mongodb/H2WireServer.java: mongo-java-server
# with its H2 backend, one MVStore file) for a study's study.server.start / study.server.stop, as
# scripts/oraclenosql/kvlite.sh does for KVLite. Not MongoDB: a server whose only cache is the MVStore's
# page cache, for the validation rig's view of the MongoDB wire path past the page cache.
#
#   h2-server.sh start <root> [port]  serve <root>/data/store.mv on 127.0.0.1:<port> (default 27017),
#                                     wait until it listens, leave its pid in <root>/server.pid
#   h2-server.sh stop <root>          stop it (TERM: the store is closed) and wait until it is gone
#
# Environment (all optional):
#   H2_CACHE_MB    the MVStore's page cache in MiB, default 16: with the file on a direct_io mount, the
#                  server's only cache (a study sizes its datasets on it with storage.server.memory)
#   H2_HEAP        the server JVM's heap (-Xmx), default 256m
#   H2_DATA_DIR    the folder of store.mv, default <root>/data; e.g. a direct_io FUSE mount
#   YCSB_STORAGE_HOME  the installation whose lib/ holds mongo-java-server and H2; default this one
set -eu

here=$(cd "$(dirname "$0")" && pwd)
usage() {
  echo "usage: $0 start <root> [port] | stop <root>" >&2
  exit 2
}
[ $# -ge 2 ] || usage
root=$2
pidfile=$root/server.pid
home=${YCSB_STORAGE_HOME:-$(cd "$here/../.." && pwd)}

# shellcheck source=../lib/pidfile.sh
. "$here/../lib/pidfile.sh"

case $1 in
start)
  port=${3:-27017}
  case $port in ''|*[!0-9]*) echo "port '$port' is invalid; accepted: 1-65535" >&2; exit 2 ;; esac
  [ "$port" -ge 1 ] && [ "$port" -le 65535 ] || { echo "port '$port' is invalid; accepted: 1-65535" >&2; exit 2; }
  case ${H2_CACHE_MB:-16} in ''|*[!0-9]*|0) echo "H2_CACHE_MB='$H2_CACHE_MB' is invalid; accepted: MiB ≥ 1" >&2; exit 2 ;; esac
  ls "$home"/lib/mongo-java-server-h2-backend-*.jar >/dev/null 2>&1 \
    || { echo "no mongo-java-server H2 backend in $home/lib (YCSB_STORAGE_HOME)" >&2; exit 2; }
  [ -d "$(dirname "$root")" ] || { echo "no folder $(dirname "$root") (is the device mounted?)" >&2; exit 2; }
  data=${H2_DATA_DIR:-$root/data}
  mkdir -p "$root" "$data"
  if alive; then
    echo "server already running in $root (pid $(cat "$pidfile"))" >&2
    exit 1
  fi
  log=$root/server.out
  : >"$log"
  nohup java "-Xmx${H2_HEAP:-256m}" -cp "$home/lib/*" "$here/H2WireServer.java" "$data/store.mv" "$port" \
    "${H2_CACHE_MB:-16}" >>"$log" 2>&1 &
  echo $! >"$pidfile"
  i=0
  until grep -q '^listening on ' "$log"; do
    if ! alive; then
      echo "the server exited; its output ($log):" >&2
      cat "$log" >&2
      exit 1
    fi
    if [ $i -ge 120 ]; then
      echo "the server did not listen within 120 s; stopping it; its output ($log):" >&2
      stop_pid
      cat "$log" >&2
      exit 1
    fi
    sleep 1
    i=$((i + 1))
  done
  echo "H2 wire server ready in $root on 127.0.0.1:$port (pid $(cat "$pidfile"))"
  ;;
stop)
  if ! alive; then
    echo "no server running in $root"
    rm -f "$pidfile"
    exit 0
  fi
  stop_pid
  echo "server in $root stopped"
  ;;
*)
  usage
  ;;
esac
