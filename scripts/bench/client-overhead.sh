#!/usr/bin/env bash
# Client overhead: is ycsb-storage's client path slower than plain YCSB?
#   A: bin/ycsb run basic with the StorageAwareWorkload and the collector sampling every second
#   B: YCSB 0.17.0's site.ycsb.Client with CoreWorkload, on exactly a YCSB install's classpath
# Same properties, BasicDB (no database: only client cost is measured), 2 threads. Target A/B >= 0.97.
# Usage: scripts/bench/client-overhead.sh [rounds=5] [operations=3000000]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-5}
OPERATIONS=${2:-3000000}
bench_ensure_built

COMMON=(-P "$DIST/workloads/workloada" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -p basicdb.simulatedelay=0 -threads 2)

ycsb_storage() {
  "$DIST/bin/ycsb" run basic "${COMMON[@]}" -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload \
    -p storage.server.memory=1GB -p collector.interval=1s -p collector.paths="$BENCH_ROOT" 2>/dev/null | bench_throughput
}

plain_ycsb() {
  java -cp "$YCSB_LIB/*" site.ycsb.Client -t -db site.ycsb.BasicDB "${COMMON[@]}" 2>/dev/null | bench_throughput
}

echo "client overhead, $OPERATIONS operations of workload A on BasicDB, 2 threads, $ROUNDS rounds"
bench_compare "$ROUNDS" ops/s "ycsb-storage" ycsb_storage "YCSB-0.17.0" plain_ycsb
