#!/usr/bin/env bash
# Client overhead: is ycsb-storage's client path slower than plain YCSB?
#   A: bin/ycsb run basic with the StorageAwareWorkload and the collector sampling every second
#      (watching the device under this repository, as it would a database's data path)
#   B: YCSB 0.17.0's site.ycsb.Client with CoreWorkload, on exactly a YCSB install's classpath
# Same properties, BasicDB (no database: only client cost is measured), 2 threads. Judged on client
# CPU per operation over the measured phase (lib.sh bench_timed: JVM start and class loading left
# out): target B/A >= 0.97, i.e. ours takes at most 1/0.97 of plain YCSB's CPU per operation.
# The collector's read-latency probe is off: it runs before the phase, outside YCSB's measured time,
# and would only make each round longer.
# Usage: scripts/bench/client-overhead.sh [rounds=3] [operations=30000000]
# (Workload A on BasicDB runs 1–6 M ops/s on a 2-core VM, loaded or quiet: 30 M operations give each
# run 5–30 s, so that JIT warm-up, a few tens of ms of CPU, is well under 1 % of the phase.)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-3}
OPERATIONS=${2:-30000000}
bench_ensure_built
BENCH_WORK=$(mktemp -d)
trap 'rm -rf "$BENCH_WORK"' EXIT

COMMON=(-P "$DIST/workloads/workloada" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -p basicdb.simulatedelay=0 -threads 2)

ycsb_storage() {
  bench_ycsb ycsb-storage "$OPERATIONS" run basic "${COMMON[@]}" -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload \
    -p collector.interval=1s -p collector.paths="$BENCH_ROOT" -p collector.probe=false
}

plain_ycsb() {
  bench_plain_ycsb YCSB-0.17.0 "$OPERATIONS" -t -db site.ycsb.BasicDB "${COMMON[@]}"
}

bench_context
echo "client overhead, $OPERATIONS operations of workload A on BasicDB, 2 threads, $ROUNDS rounds"
bench_compare_cpu "$ROUNDS" "ycsb-storage vs YCSB 0.17.0" ycsb-storage ycsb_storage YCSB-0.17.0 plain_ycsb
