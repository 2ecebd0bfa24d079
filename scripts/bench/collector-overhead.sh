#!/usr/bin/env bash
# Collector overhead: does sampling at the default 1 s interval slow the run it observes?
#   A: bin/ycsb run basic with the StorageAwareWorkload, collector on (1 s, data path = this checkout,
#      read-latency probe off: it runs before the phase, outside YCSB's measured time)
#   B: the same with collector.enabled=false
# BasicDB (no database: any collector cost shows up fully in client throughput), workload C,
# 2 threads. Target: A/B >= 0.99.
# Usage: scripts/bench/collector-overhead.sh [rounds=5] [operations=60000000]
# (Workload C on BasicDB runs 2–6 M ops/s on a 2-core VM, loaded or quiet: 60 M operations give
# each run 10–30 s, so that JIT warm-up is a small part of it and the collector takes 10+ samples.)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-5}
OPERATIONS=${2:-60000000}
bench_ensure_built

COMMON=(run basic -P "$DIST/workloads/workloadc" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -p basicdb.simulatedelay=0 -threads 2
  -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload)

collector_on() {
  bench_ycsb "${COMMON[@]}" -p collector.interval=1s -p collector.paths="$BENCH_ROOT" -p collector.probe=false
}

collector_off() {
  bench_ycsb "${COMMON[@]}" -p collector.enabled=false
}

bench_context
echo "collector overhead, $OPERATIONS operations of workload C on BasicDB, 2 threads, $ROUNDS rounds"
bench_compare "$ROUNDS" ops/s "collector-on" collector_on "collector-off" collector_off
