#!/usr/bin/env bash
# Collector overhead: does sampling at the default 1 s interval slow the run it observes?
#   A: bin/ycsb run basic with the StorageAwareWorkload, collector on (1 s, data path = this checkout,
#      read-latency probe off so that only sampling is compared)
#   B: the same with collector.enabled=false
# BasicDB (no database: any collector cost shows up fully in client throughput), 2 threads.
# The issue's budget: A/B >= 0.99.
# Usage: scripts/bench/collector-overhead.sh [rounds=5] [operations=3000000]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-5}
OPERATIONS=${2:-3000000}
bench_ensure_built

COMMON=(-P "$DIST/workloads/workloadc" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -p basicdb.simulatedelay=0 -threads 2
  -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload -p storage.server.memory=1GB)

collector_on() {
  "$DIST/bin/ycsb" run basic "${COMMON[@]}" -p collector.interval=1s -p collector.paths="$BENCH_ROOT" \
    -p collector.probe=false 2>/dev/null | bench_throughput
}

collector_off() {
  "$DIST/bin/ycsb" run basic "${COMMON[@]}" -p collector.enabled=false 2>/dev/null | bench_throughput
}

echo "collector overhead, $OPERATIONS operations of workload C on BasicDB, 2 threads, $ROUNDS rounds"
bench_compare "$ROUNDS" ops/s "collector-on" collector_on "collector-off" collector_off
