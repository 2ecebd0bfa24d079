#!/usr/bin/env bash
# The rocksdb binding against its yardstick, on one store loaded into a folder on the disk, in cache
# (workloads A and C, zipfian). Both contenders run in YCSB 0.17.0's own site.ycsb.Client with
# CoreWorkload, the same properties, threads and classpath, so that YCSB's per-operation work (client
# thread, key and value generation, latency measurements) is on both sides and only the DB class
# differs:
#   binding: io.github.ycsbstorage.rocksdb.RocksDbClient (fields decoded into YCSB's map, an update
#            merged into the stored record, the per-operation device-read count);
#   raw:     benchmarks' RawRocksDb, the raw loop's operations on rocksdbjni alone: a read is one get
#            and the fields put into YCSB's map the plain way (as YCSB's DB contract asks of any
#            binding), an update a get, the new value's bytes over the stored value's last field, a put.
# Both open the store with the same engine options (RawRocksDbStore spells out the binding's: direct
# reads and flush/compaction I/O, the block cache of CACHE bytes holding index and filter blocks and
# charged for the memory tables, Bloom filters, statistics). Phases "a-bare" and "c-bare" compare raw
# in YCSB's Client against RawRocksDbLoop (the same operations with no YCSB at all): YCSB's harness.
# Interleaved round by round (lib.sh bench_compare_cpu): client CPU per operation in the steady state
# and over the whole measured phase (/proc/<pid>/stat of each JVM, which is also the engine's
# process), then throughput, with medians, ranges and paired ratios. Target: binding >= 0.95 x raw.
#
# Usage: scripts/bench/rocksdb-binding-vs-raw.sh
# Environment: RECORDS (default 20000: about 24 MB, in cache), OPERATIONS (default 1000000: at least
#              10 s of a steady state here), THREADS (default 1), CACHE (block cache bytes, default
#              67108864), ROUNDS (default 3), PHASES (default "a c"; also "a-bare c-bare"),
#              DIR (default: a new folder under /var/tmp, removed on exit), JFR_DIR (set: each client
#              JVM records a JDK Flight Recording there, lib.sh bench_jfr_options).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RECORDS=${RECORDS:-20000}
OPERATIONS=${OPERATIONS:-1000000}
THREADS=${THREADS:-1}
CACHE=${CACHE:-67108864}
ROUNDS=${ROUNDS:-3}
PHASES=${PHASES:-a c}

bench_ensure_built
bench_ensure_benchmarks_jar

BENCH_WORK=$(mktemp -d /tmp/rocksdb-bench.XXXXXX)
STORE=${DIR:-$(mktemp -d /var/tmp/rocksdb-bench-store.XXXXXX)}
cleanup() {
  rm -rf "$BENCH_WORK"
  [[ -n ${DIR:-} ]] || rm -rf "$STORE"
}
trap cleanup EXIT
echo "records $RECORDS, operations $OPERATIONS, threads $THREADS, block cache $CACHE B, rounds $ROUNDS, store $STORE"
bench_context

common=(-p rocksdb.dir="$STORE/db" -p rocksdb.cachesize="$CACHE" -p recordcount="$RECORDS" -threads "$THREADS")
"$DIST/bin/ycsb" load rocksdb -P "$BENCH_ROOT/workloads/workloada" "${common[@]}" 2>"$BENCH_WORK/load.err" \
  | bench_throughput >/dev/null || { cat "$BENCH_WORK/load.err" >&2; exit 1; }

# YCSB 0.17.0's lib first, so its core and HdrHistogram serve both; then the binding's folder; then
# benchmarks.jar for RawRocksDb.
CLASSPATH_BOTH="$YCSB_LIB/*:$DIST/rocksdb-binding/lib/*:$BENCH_JAR"
client() { # name workload db-class
  # shellcheck disable=SC2046 # bench_jfr_options prints one option or nothing
  bench_timed "$1" "$OPERATIONS" java $(bench_jfr_options "$1") -cp "$CLASSPATH_BOTH" site.ycsb.Client -t \
    -db "$3" -P "$BENCH_ROOT/workloads/$2" "${common[@]}" -p operationcount="$OPERATIONS" \
    "${BENCH_STATUS_ARGS[@]}" | bench_throughput
}
bare() { # name readProportion
  # shellcheck disable=SC2046
  bench_timed "$1" "$OPERATIONS" java $(bench_jfr_options "$1") -cp "$BENCH_JAR" \
    io.github.ycsbstorage.benchmarks.macro.RawRocksDbLoop "$STORE/db" "$RECORDS" "$OPERATIONS" "$THREADS" "$2" "$CACHE" \
    | tail -n 1
}
binding_a() { client binding-a workloada io.github.ycsbstorage.rocksdb.RocksDbClient; }
raw_a() { client raw-a workloada io.github.ycsbstorage.benchmarks.macro.RawRocksDb; }
bare_a() { bare bare-a 0.5; }
binding_c() { client binding-c workloadc io.github.ycsbstorage.rocksdb.RocksDbClient; }
raw_c() { client raw-c workloadc io.github.ycsbstorage.benchmarks.macro.RawRocksDb; }
bare_c() { bare bare-c 1.0; }
for phase in $PHASES; do
  case $phase in
    a) bench_compare_cpu "$ROUNDS" "workload A (50% read, 50% update, zipfian), in cache: binding vs raw rocksdbjni, both in YCSB's Client" \
         binding-a binding_a raw-a raw_a ;;
    c) bench_compare_cpu "$ROUNDS" "workload C (100% read, zipfian), in cache: binding vs raw rocksdbjni, both in YCSB's Client" \
         binding-c binding_c raw-c raw_c ;;
    a-bare) bench_compare_cpu "$ROUNDS" "workload A, in cache: raw rocksdbjni in YCSB's Client vs the bare loop (YCSB's harness)" \
         raw-a raw_a bare-a bare_a ;;
    c-bare) bench_compare_cpu "$ROUNDS" "workload C, in cache: raw rocksdbjni in YCSB's Client vs the bare loop (YCSB's harness)" \
         raw-c raw_c bare-c bare_c ;;
    *) echo "unknown phase: $phase (a, c, a-bare, c-bare)" >&2; exit 2 ;;
  esac
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
