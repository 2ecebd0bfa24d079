#!/usr/bin/env bash
# Client memory: peak resident set size with 256 client threads on BasicDB.
#   A: bin/ycsb run basic (ycsb-storage: StorageAwareWorkload, collector at 1 s)
#   B: YCSB 0.17.0's site.ycsb.Client with CoreWorkload, on exactly a YCSB install's classpath
# Both with the same JVM defaults; peak RSS from GNU time. Lower is better; the ratio is A/B.
# Usage: scripts/bench/client-memory.sh [rounds=3] [operations=1000000]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-3}
OPERATIONS=${2:-1000000}
bench_ensure_built

COMMON=(-P "$DIST/workloads/workloada" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -threads 256)

peak_rss_mib() { # command... ; prints the peak RSS of the command in MiB
  local report
  report=$(mktemp)
  /usr/bin/time -f '%M' -o "$report" "$@" >/dev/null 2>&1
  awk '{ printf "%.1f\n", $1 / 1024 }' "$report"
  rm -f "$report"
}

ycsb_storage() {
  peak_rss_mib "$DIST/bin/ycsb" run basic "${COMMON[@]}" \
    -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload -p storage.server.memory=1GB \
    -p collector.interval=1s -p collector.paths="$BENCH_ROOT"
}

plain_ycsb() {
  peak_rss_mib java -cp "$YCSB_LIB/*" site.ycsb.Client -t -db site.ycsb.BasicDB "${COMMON[@]}"
}

echo "client peak RSS, 256 threads, $OPERATIONS operations of workload A on BasicDB, $ROUNDS rounds"
bench_compare "$ROUNDS" MiB "ycsb-storage" ycsb_storage "YCSB-0.17.0" plain_ycsb
