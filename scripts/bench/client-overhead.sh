#!/usr/bin/env bash
# Client overhead: is ycsb-storage's client path slower than plain YCSB?
#   A: bin/ycsb run basic with the StorageAwareWorkload and the collector sampling every second
#      (watching the device under this repository, as it would a database's data path)
#   B: YCSB 0.17.0's site.ycsb.Client with CoreWorkload, on exactly a YCSB install's classpath
# Same properties, BasicDB (no database: only client cost is measured), 2 threads. Target A/B >= 0.97.
# The collector's read-latency probe is off: it runs before the phase, outside YCSB's measured time,
# and would only make each round longer.
# Usage: scripts/bench/client-overhead.sh [rounds=5] [operations=60000000]
# (Workload A on BasicDB runs 2–6 M ops/s on a 2-core VM, loaded or quiet: 60 M operations give
# each run 10–30 s, so that JIT warm-up is a small part of it and the collector takes 10+ samples.)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-5}
OPERATIONS=${2:-60000000}
bench_ensure_built

COMMON=(-P "$DIST/workloads/workloada" -p recordcount=100000 -p operationcount="$OPERATIONS"
  -p basicdb.verbose=false -p basicdb.simulatedelay=0 -threads 2)

ycsb_storage() {
  bench_ycsb run basic "${COMMON[@]}" -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload \
    -p collector.interval=1s -p collector.paths="$BENCH_ROOT" -p collector.probe=false
}

plain_ycsb() {
  bench_plain_ycsb -t -db site.ycsb.BasicDB "${COMMON[@]}"
}

bench_context
echo "client overhead, $OPERATIONS operations of workload A on BasicDB, 2 threads, $ROUNDS rounds"
bench_compare "$ROUNDS" ops/s "ycsb-storage" ycsb_storage "YCSB-0.17.0" plain_ycsb
