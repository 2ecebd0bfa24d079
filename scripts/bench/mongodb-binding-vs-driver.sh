#!/usr/bin/env bash
# The mongodb binding against the raw driver, on one mongo-java-server (memory backend) in its own
# JVM on 127.0.0.1 (or the server MONGODB_URL names), contenders interleaved round by round (lib.sh):
#  1. workloads A and C: bin/ycsb run mongodb (binding + YCSB) vs RawDriverLoop (the same operations
#     written directly on mongodb-driver-sync), same threads;
#  2. load: batched (mongodb.batchsize) vs per-record through bin/ycsb, and each of them against the
#     raw driver's insertMany(ordered=false) / insertOne. Every load writes a fresh database.
# Prints each round and, per comparison, client CPU per operation over the measured phase (lib.sh
# bench_timed) and throughput, as medians [min..max] and ratios.
#
# Usage: scripts/bench/mongodb-binding-vs-driver.sh   (builds what it needs on first use)
# Environment: RECORDS (10000, loaded for the runs), OPERATIONS (100000), THREADS (4),
#   LOAD_RECORDS (50000, per load measurement), BATCH (100), ROUNDS (3), SERVER_HEAP (4g: the memory
#   backend keeps every database loaded during the run, ~2 KB of heap per record),
#   MONGODB_URL (e.g. mongodb://db1:27017, no database and no options: measure a real server instead of
#   starting one; the script creates databases bench, load<N> and rawload<N> there and leaves them
#   for you to drop).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RECORDS=${RECORDS:-10000}
OPERATIONS=${OPERATIONS:-100000}
THREADS=${THREADS:-4}
BATCH=${BATCH:-100}
LOAD_RECORDS=${LOAD_RECORDS:-50000}
SERVER_HEAP=${SERVER_HEAP:-4g}
ROUNDS=${ROUNDS:-3}
bench_ensure_built
bench_ensure_benchmarks_jar

WORK=$(mktemp -d)
BENCH_WORK=$WORK
SERVER_PID=""
cleanup() {
  if [[ -n $SERVER_PID ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
if [[ -n ${MONGODB_URL:-} ]]; then
  URL=$MONGODB_URL
else
  java -Xmx"$SERVER_HEAP" -cp "$BENCH_JAR" io.github.ycsbstorage.benchmarks.macro.InProcessMongoServer \
    >"$WORK/server.out" 2>"$WORK/server.err" &
  SERVER_PID=$!
  for _ in $(seq 100); do
    [[ -s $WORK/server.out ]] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.err" >&2; exit 1; }
    sleep 0.1
  done
  URL=$(head -n 1 "$WORK/server.out")
  [[ -n $URL ]] || { echo "server did not start: $(cat "$WORK/server.err")" >&2; exit 1; }
fi

# raw NAME OPERATIONS ARGS...: RawDriverLoop's throughput through bench_timed; fails when any operation failed.
raw() {
  local out
  out=$(bench_timed "$1" "$2" java -cp "$BENCH_JAR" io.github.ycsbstorage.benchmarks.macro.RawDriverLoop "${@:3}")
  grep -q '^failures=0$' <<<"$out" || { echo "RawDriverLoop ${*:3}: $out" >&2; return 1; }
  sed -n 's/^throughput(ops\/sec)=//p' <<<"$out"
}
fresh_database() { echo "$URL/$1$(date +%s%N)"; }

run_binding() { # workload
  bench_ycsb binding "$OPERATIONS" run mongodb -P "$DIST/workloads/workload$1" -p recordcount="$RECORDS" \
    -p operationcount="$OPERATIONS" -p mongodb.url="$URL/bench" -threads "$THREADS"
}
binding_a() { run_binding a; }
raw_a() { raw raw "$OPERATIONS" run "$URL/bench" 0.5 "$RECORDS" "$OPERATIONS" "$THREADS"; }
binding_c() { run_binding c; }
raw_c() { raw raw "$OPERATIONS" run "$URL/bench" 1.0 "$RECORDS" "$OPERATIONS" "$THREADS"; }

load_binding() { # name, batch size (1: per record)
  bench_ycsb "$1" "$LOAD_RECORDS" load mongodb -P "$DIST/workloads/workloada" -p recordcount="$LOAD_RECORDS" \
    -p mongodb.url="$(fresh_database load)" -p mongodb.batchsize="$2" -threads "$THREADS"
}
binding_batched() { load_binding binding "$BATCH"; }
binding_per_record() { load_binding binding 1; }
batched() { load_binding batched "$BATCH"; }
per_record() { load_binding per-record 1; }
raw_batched() { raw raw "$LOAD_RECORDS" load "$(fresh_database rawload)" "$LOAD_RECORDS" "$BATCH" "$THREADS"; }
raw_per_record() { raw raw "$LOAD_RECORDS" load "$(fresh_database rawload)" "$LOAD_RECORDS" 1 "$THREADS"; }

echo "server: ${MONGODB_URL:+given by MONGODB_URL}${MONGODB_URL:-mongo-java-server (memory)} at $URL; records=$RECORDS operations=$OPERATIONS threads=$THREADS" \
  "load_records=$LOAD_RECORDS batch=$BATCH rounds=$ROUNDS"
bench_context
bench_ycsb setup "$RECORDS" load mongodb -P "$DIST/workloads/workloada" -p recordcount="$RECORDS" \
  -p mongodb.url="$URL/bench" -p mongodb.batchsize="$BATCH" -threads "$THREADS" >/dev/null

compare() { bench_compare_cpu "$ROUNDS" "$@"; }
compare "workload A (50% read, 50% update, zipfian): binding via YCSB vs raw driver" binding binding_a raw raw_a
compare "workload C (100% read, zipfian): binding via YCSB vs raw driver" binding binding_c raw raw_c
compare "load via YCSB: batched (batchsize=$BATCH) vs per-record" batched batched per-record per_record
compare "batched load: binding via YCSB vs raw insertMany" binding binding_batched raw raw_batched
compare "per-record load: binding via YCSB vs raw insertOne" binding binding_per_record raw raw_per_record
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
