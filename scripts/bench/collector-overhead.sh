#!/usr/bin/env bash
# Collector overhead: does observing a phase cost the run it observes?
#   A: bin/ycsb run basic with YCSB's own workload file (CoreWorkload, observed: operation gate, collector
#      at 1 s, data path = this checkout, read-latency probe off: it runs before the phase, outside YCSB's
#      measured time)
#   B: the same with collector.enabled=false: YCSB's own phase, unobserved
# BasicDB (no database: any collector cost shows up fully in the client's CPU), workload C, 2 threads.
# Judged on client CPU per operation over the measured phase (lib.sh bench_timed), rounds interleaved:
# target A/B <= 1.03.
# Usage: scripts/bench/collector-overhead.sh [rounds=3] [operations=30000000]
# (Workload C on BasicDB runs 1–6 M ops/s on a 2-core VM, loaded or quiet: 30 M operations give each
# run 5–30 s, so that JIT warm-up is well under 1 % of the phase and the collector takes 5+ samples.)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-3}
OPERATIONS=${2:-30000000}
bench_ensure_built
BENCH_WORK=$(mktemp -d)
trap 'rm -rf "$BENCH_WORK"' EXIT

COMMON=(run basic -P "$DIST/workloads/workloadc" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -p basicdb.simulatedelay=0 -threads 2)

collector_on() {
  bench_ycsb collector-on "$OPERATIONS" "${COMMON[@]}" -p collector.interval=1s -p collector.paths="$BENCH_ROOT" \
    -p collector.probe=false
}

collector_off() {
  bench_ycsb collector-off "$OPERATIONS" "${COMMON[@]}" -p collector.enabled=false
}

bench_context
echo "collector overhead, $OPERATIONS operations of workload C on BasicDB, 2 threads, $ROUNDS rounds"
bench_compare_cpu "$ROUNDS" "collector on vs off" collector-on collector_on collector-off collector_off
