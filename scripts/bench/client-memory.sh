#!/usr/bin/env bash
# Client memory: peak resident set size with 256 client threads on BasicDB.
#   A: bin/ycsb run basic (ycsb-storage: StorageAwareWorkload, collector at 1 s)
#   B: YCSB 0.17.0's site.ycsb.Client with CoreWorkload, on exactly a YCSB install's classpath
# Each as its launcher starts it (ours: Serial GC, YCSB's: the JVM's default, G1), unless JVM_OPTIONS
# gives both sides the same options (e.g. JVM_OPTIONS=-XX:+UseSerialGC: what the clients themselves
# keep, collector aside). Peak RSS from GNU time. Lower is better; the ratio is A/B.
# Usage: [JVM_OPTIONS="..."] scripts/bench/client-memory.sh [rounds=3] [operations=1000000]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-3}
OPERATIONS=${2:-1000000}
JVM_OPTIONS=${JVM_OPTIONS:-}
bench_ensure_built

COMMON=(-P "$DIST/workloads/workloada" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -p basicdb.simulatedelay=0 -threads 256)

ycsb_storage() {
  JAVA_OPTS="$JVM_OPTIONS" bench_peak_rss_mib "$DIST/bin/ycsb" run basic "${COMMON[@]}" \
    -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload \
    -p collector.interval=1s -p collector.paths="$BENCH_ROOT" -p collector.probe=false
}

plain_ycsb() {
  # shellcheck disable=SC2086 # several options
  bench_peak_rss_mib java $JVM_OPTIONS -cp "$YCSB_LIB/*" site.ycsb.Client -t -db site.ycsb.BasicDB "${COMMON[@]}"
}

bench_context
echo "client peak RSS, 256 threads, $OPERATIONS operations of workload A on BasicDB, $ROUNDS rounds, \
JVM options: ${JVM_OPTIONS:-as each launcher sets them}"
bench_compare "$ROUNDS" MiB "ycsb-storage" ycsb_storage "YCSB-0.17.0" plain_ycsb
