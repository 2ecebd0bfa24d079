#!/usr/bin/env bash
# The oraclenosql binding against its yardsticks, on one KVLite of the installation in KVHOME:
#  1. load: bin/ycsb load with per-record puts vs with oraclenosql.bulkput=true (fresh tables);
#  2. workloads A and C: bin/ycsb run (binding + YCSB) vs RawTableApiLoop (a bare loop on the
#     Table API doing the same operations on the same table with the same threads).
# Prints each round with the load average, the medians with min..max, the ratios, and each side's
# client CPU (user + system) per operation, which moves far less than throughput when other work
# shares the machine. Targets: binding >= 0.97 x raw for A and C; bulk >= 3 x per-record.
#
# Usage: KVHOME=/path/to/kv-25.3.21 scripts/bench/oraclenosql-binding-vs-raw.sh
# Environment: RECORDS (default 20000), OPERATIONS (default 40000), THREADS (default 4),
#              BULK_BATCH (default 5000), ROUNDS (default 3), PHASES (default "load a c"),
#              JFR_DIR (unset: no profiling; set: every client JVM of the A/C comparisons records a
#              JDK Flight Recording (bench_jfr_options in lib.sh) into that folder, e.g. binding-c-1.jfr).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

: "${KVHOME:?set KVHOME to an Oracle NoSQL installation (the folder holding lib/kvstore.jar)}"
RECORDS=${RECORDS:-20000}
OPERATIONS=${OPERATIONS:-40000}
THREADS=${THREADS:-4}
BULK_BATCH=${BULK_BATCH:-5000}
ROUNDS=${ROUNDS:-3}
PHASES=${PHASES:-load a c}

bench_ensure_built
bench_ensure_benchmarks_jar

# A KVLite on free ports in a temporary root, removed on exit.
ROOT=$(mktemp -d /tmp/kvlite-bench.XXXXXX)
KVLITE_PID=""
cleanup() {
  if [[ -n $KVLITE_PID ]]; then
    kill "$KVLITE_PID" 2>/dev/null || true
    wait "$KVLITE_PID" 2>/dev/null || true
  fi
  rm -rf "$ROOT"
}
BENCH_WORK=$ROOT
trap cleanup EXIT
port_free() { ! (echo >"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for _ in $(seq 50); do
  PORT=$((20000 + RANDOM % 20000))
  ok=1
  for ((p = PORT; p <= PORT + 20; p++)); do port_free "$p" || { ok=0; break; }; done
  ((ok)) && break
done
java -Xmx1g -jar "$KVHOME/lib/kvstore.jar" kvlite -root "$ROOT/kvroot" -store kvstore -host localhost \
  -port "$PORT" -harange "$((PORT + 1)),$((PORT + 5))" -servicerange "$((PORT + 6)),$((PORT + 20))" \
  -partitions 120 -memorymb 1024 -storagedirsizegb 1 -secure-config disable -printstartupok \
  >"$ROOT/kvlite.out" 2>&1 &
KVLITE_PID=$!
for _ in $(seq 240); do
  grep -q 'Created new kvlite store with args:' "$ROOT/kvlite.out" && break
  kill -0 "$KVLITE_PID" 2>/dev/null || { cat "$ROOT/kvlite.out" >&2; exit 1; }
  sleep 0.5
done
HOST="localhost:$PORT"
echo "Oracle NoSQL $(java -jar "$KVHOME/lib/kvstore.jar" version 2>/dev/null | head -n 1) (KVLite, 120 partitions) at $HOST"
echo "records $RECORDS, operations $OPERATIONS, threads $THREADS, bulk batch $BULK_BATCH, rounds $ROUNDS, phases $PHASES"
bench_context

ycsb() { # name operations phase table extra-args...; prints YCSB's [OVERALL] throughput
  local name=$1 operations=$2 phase=$3 table=$4
  shift 4
  KVHOME=$KVHOME bench_timed "$name" "$operations" "$DIST/bin/ycsb" "$phase" oraclenosql \
    -p oraclenosql.helperhosts="$HOST" -p oraclenosql.table="$table" -p recordcount="$RECORDS" \
    -p operationcount="$OPERATIONS" -threads "$THREADS" "$@" "${BENCH_STATUS_ARGS[@]}" | bench_throughput
}
fresh_table() { echo "t$(date +%s%N)"; }

load_per_record() { ycsb per-record "$RECORDS" load "$(fresh_table)" -P "$BENCH_ROOT/workloads/workloada"; }
load_bulk() {
  ycsb bulk-put "$RECORDS" load "$(fresh_table)" -P "$BENCH_ROOT/workloads/workloada" -p oraclenosql.bulkput=true \
    -p oraclenosql.bulkput.batchsize="$BULK_BATCH"
}
if [[ " $PHASES " == *" load "* ]]; then
  bench_compare_cpu "$ROUNDS" "load: bulk put vs per-record put" bulk-put load_bulk per-record load_per_record
fi

# One table for the run phases, loaded once.
if [[ " $PHASES " == *" a "* || " $PHASES " == *" c "* ]]; then
  ycsb setup "$RECORDS" load bench -P "$BENCH_ROOT/workloads/workloada" -p oraclenosql.bulkput=true >/dev/null
fi
raw() { # readProportion name. kvclient.jar first: the shaded 18.3.10 client in benchmarks.jar cannot talk to a current store.
  # shellcheck disable=SC2046 # bench_jfr_options prints one option or nothing
  bench_timed raw "$OPERATIONS" java $(bench_jfr_options "$2") -cp "$KVHOME/lib/kvclient.jar:$BENCH_JAR" \
    io.github.ycsbstorage.benchmarks.macro.RawTableApiLoop "$HOST" bench "$RECORDS" "$OPERATIONS" "$THREADS" "$1" \
    | tail -n 1
}
binding() { # workload name
  JAVA_OPTS="${JAVA_OPTS:-} $(bench_jfr_options "$2")" ycsb binding "$OPERATIONS" run bench -P "$BENCH_ROOT/workloads/$1"
}
binding_a() { binding workloada binding-a; }
raw_a() { raw 0.5 raw-a; }
binding_c() { binding workloadc binding-c; }
raw_c() { raw 1.0 raw-c; }
for phase in $PHASES; do
  case $phase in
    load) ;;
    a) bench_compare_cpu "$ROUNDS" "workload A (50% read, 50% update, zipfian): binding through YCSB vs raw Table API loop" \
         binding binding_a raw raw_a ;;
    c) bench_compare_cpu "$ROUNDS" "workload C (100% read, zipfian): binding through YCSB vs raw Table API loop" \
         binding binding_c raw raw_c ;;
    *) echo "unknown phase: $phase (load, a, c)" >&2; exit 2 ;;
  esac
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
