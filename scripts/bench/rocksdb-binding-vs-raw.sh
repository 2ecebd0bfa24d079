#!/usr/bin/env bash
# The rocksdb binding against its yardstick, on one store loaded into a folder on the disk, in cache:
# workloads A and C, bin/ycsb run (binding + YCSB) vs RawRocksDbLoop (a bare loop on rocksdbjni doing
# the same operations on the same store with the same options and threads), interleaved round by
# round. Prints each round with the load average, the medians with min..max, the ratio, and each
# side's client CPU per operation over the measured phase only, from /proc/<pid>/stat of the JVM
# (the binding's [IO], server.cpu.us/op: the engine's process is the client's own; the raw loop reads
# /proc/self/stat around its loop). Target: binding >= 0.95 x raw for A and C.
#
# Usage: scripts/bench/rocksdb-binding-vs-raw.sh
# Environment: RECORDS (default 20000: about 24 MB, in cache), OPERATIONS (default 100000),
#              THREADS (default 1), CACHE (block cache bytes, default 67108864), ROUNDS (default 3),
#              PHASES (default "a c"), DIR (default: a new folder under /var/tmp, removed on exit).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RECORDS=${RECORDS:-20000}
OPERATIONS=${OPERATIONS:-100000}
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
"$DIST/bin/ycsb" load rocksdb -P "$BENCH_ROOT/workloads/workloada" "${common[@]}" | bench_throughput >/dev/null

# The measured phase's CPU per operation: [IO], server.cpu.us/op needs the collector, which the
# storage-aware workload runs; recordcount fixes the dataset, so it sizes nothing.
binding() { # workload name
  local out
  out=$(bench_timed "$2" "$OPERATIONS" "$DIST/bin/ycsb" run rocksdb -P "$BENCH_ROOT/workloads/$1" "${common[@]}" \
    -p operationcount="$OPERATIONS" -p workload=io.github.ycsbstorage.workload.StorageAwareWorkload)
  awk -F', ' '/^\[IO\], server.cpu.us\/op/ { print $3 }' <<<"$out" >>"$BENCH_WORK/phase-cpu-$2"
  bench_throughput <<<"$out"
}
raw() { # readProportion name
  local out
  out=$(bench_timed "$2" "$OPERATIONS" java -cp "$BENCH_JAR" io.github.ycsbstorage.benchmarks.macro.RawRocksDbLoop \
    "$STORE/db" "$RECORDS" "$OPERATIONS" "$THREADS" "$1" "$CACHE")
  awk '/^cpu.us\/op/ { print $2 }' <<<"$out" >>"$BENCH_WORK/phase-cpu-$2"
  tail -n 1 <<<"$out"
}
binding_a() { binding workloada binding-a; }
raw_a() { raw 0.5 raw-a; }
binding_c() { binding workloadc binding-c; }
raw_c() { raw 1.0 raw-c; }
phase_cpu() { # name_a name_b
  printf 'measured-phase CPU per operation (/proc/<pid>/stat): %s %s µs [%s] | %s %s µs [%s]\n' \
    "$1" "$(bench_median <"$BENCH_WORK/phase-cpu-$1")" "$(bench_range <"$BENCH_WORK/phase-cpu-$1")" \
    "$2" "$(bench_median <"$BENCH_WORK/phase-cpu-$2")" "$(bench_range <"$BENCH_WORK/phase-cpu-$2")"
}
for phase in $PHASES; do
  case $phase in
    a) bench_compare_cpu "$ROUNDS" "workload A (50% read, 50% update, zipfian), in cache: binding through YCSB vs raw rocksdbjni loop" \
         binding-a binding_a raw-a raw_a
       phase_cpu binding-a raw-a ;;
    c) bench_compare_cpu "$ROUNDS" "workload C (100% read, zipfian), in cache: binding through YCSB vs raw rocksdbjni loop" \
         binding-c binding_c raw-c raw_c
       phase_cpu binding-c raw-c ;;
    *) echo "unknown phase: $phase (a, c)" >&2; exit 2 ;;
  esac
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
