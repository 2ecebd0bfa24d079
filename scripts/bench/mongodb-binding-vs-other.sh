#!/usr/bin/env bash
# Our mongodb binding against another YCSB MongoDB binding (e.g. YCSB 0.17.0's own, driver 3.8),
# both run by YCSB 0.17.0's own site.ycsb.Client on a YCSB 0.17.0 install's lib/ plus the binding's
# folder, so that only the binding differs. One mongo-java-server (memory backend) in its own JVM on
# 127.0.0.1, or the server MONGODB_URL names. Contenders interleaved round by round (lib.sh):
#  1. load, unbatched; 2. load, batchsize=BATCH (YCSB's own spelling, which both read);
#  3. workload A; 4. workload C, on RECORDS records loaded once before.
# Every load writes a fresh database (the server keeps them all: give it SERVER_HEAP=8g for 4 rounds
# of 200,000 records); one unmeasured load by each binding warms the server up first. Prints each
# round with the load average, the medians with min..max, the ratio ours/other, and each side's
# client CPU (user + system) per operation in the steady state and over the whole measured phase
# (lib.sh bench_timed), which moves far less than throughput when other work shares the machine.
# With DRIVER3_JAR (a mongo-java-driver 3.x jar) it also compares the drivers alone in the same run:
# benchmarks' RawDriverLoop compiled against that jar (driver 3's legacy com.mongodb.MongoClient)
# against the same source on driver-sync 5 (benchmarks.jar), same operations, threads and keys.
#
# Usage: OTHER_LIB=/tmp/ycsb-mongodb/lib scripts/bench/mongodb-binding-vs-other.sh
#   (docs/lab/performance-rounds.md, section 2a, says how to build YCSB 0.17.0's binding into such a folder from its source)
# Environment: OTHER_LIB (required: the other binding's jars; a YCSB install's lib/ is added),
#   OTHER_CLASS (site.ycsb.db.MongoDbClient), OTHER_NAME (ycsb-0.17.0), RECORDS (50000),
#   OPERATIONS (200000), THREADS (4), LOAD_RECORDS (50000), BATCH (100), ROUNDS (3),
#   PHASES ("load batched a c"), SERVER_HEAP (4g), MONGODB_URL (a real server, no database and no
#   options; databases bench, load<N> and rawload<N> are left there for you to drop), DRIVER3_JAR,
#   JFR_DIR (set: every client JVM of the comparisons records a JDK Flight Recording (bench_jfr_options in
#   lib.sh) into that folder, e.g. ours-c-1.jfr, ycsb-0.17.0-c-1.jfr, driver-5-c-1.jfr).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

: "${OTHER_LIB:?set OTHER_LIB to the lib folder of the other binding}"
OTHER_LIB=$(cd "$OTHER_LIB" && pwd)
OTHER_CLASS=${OTHER_CLASS:-site.ycsb.db.MongoDbClient}
OTHER_NAME=${OTHER_NAME:-ycsb-0.17.0}
RECORDS=${RECORDS:-50000}
OPERATIONS=${OPERATIONS:-200000}
THREADS=${THREADS:-4}
LOAD_RECORDS=${LOAD_RECORDS:-50000}
BATCH=${BATCH:-100}
ROUNDS=${ROUNDS:-3}
PHASES=${PHASES:-load batched a c}
SERVER_HEAP=${SERVER_HEAP:-4g}
bench_ensure_built
bench_ensure_benchmarks_jar
OURS_LIB="$DIST/mongodb-binding/lib"
OURS_CLASS=io.github.ycsbstorage.mongodb.MongoDbClient

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
fresh_database() { echo "$URL/$1$(date +%s%N)"; }

# binding NAME LIB CLASS OPERATIONS ARGS...: YCSB 0.17.0's Client with that binding; prints the throughput.
binding() {
  local name=$1 lib=$2 class=$3 operations=$4
  shift 4
  # shellcheck disable=SC2046 # bench_jfr_options prints one option or nothing
  bench_timed "$name" "$operations" java $(bench_jfr_options "$name-$PHASE") -cp "$YCSB_LIB/*:$lib/*" \
    site.ycsb.Client -db "$class" -threads "$THREADS" "$@" "${BENCH_STATUS_ARGS[@]}" | bench_throughput
}
ours() { binding ours "$OURS_LIB" "$OURS_CLASS" "$@"; }
other() { binding "$OTHER_NAME" "$OTHER_LIB" "$OTHER_CLASS" "$@"; }

load_args() { echo -load -P "$DIST/workloads/workloada" -p recordcount="$LOAD_RECORDS" -p mongodb.url="$(fresh_database load)"; }
ours_load() { ours "$LOAD_RECORDS" $(load_args); }
other_load() { other "$LOAD_RECORDS" $(load_args); }
ours_batched() { ours "$LOAD_RECORDS" $(load_args) -p batchsize="$BATCH"; }
other_batched() { other "$LOAD_RECORDS" $(load_args) -p batchsize="$BATCH"; }
run_args() {
  echo -t -P "$DIST/workloads/workload$1" -p recordcount="$RECORDS" -p operationcount="$OPERATIONS" \
    -p mongodb.url="$URL/bench"
}
ours_a() { ours "$OPERATIONS" $(run_args a); }
other_a() { other "$OPERATIONS" $(run_args a); }
ours_c() { ours "$OPERATIONS" $(run_args c); }
other_c() { other "$OPERATIONS" $(run_args c); }

# The drivers alone: RawDriverLoop on driver 3.x (compiled here from the same source) and on driver 5.
RAW_SOURCE="$BENCH_ROOT/benchmarks/src/main/java/io/github/ycsbstorage/benchmarks/macro/RawDriverLoop.java"
raw() { # NAME CLASSPATH OPERATIONS ARGS...
  local name=$1 classpath=$2 operations=$3 out
  shift 3
  # shellcheck disable=SC2046 # bench_jfr_options prints one option or nothing
  out=$(bench_timed "$name" "$operations" java $(bench_jfr_options "$name-$PHASE") -cp "$classpath" \
    io.github.ycsbstorage.benchmarks.macro.RawDriverLoop "$@")
  grep -q '^failures=0$' <<<"$out" || { echo "RawDriverLoop $*: $out" >&2; return 1; }
  sed -n 's/^throughput(ops\/sec)=//p' <<<"$out"
}
raw5() { raw driver-5 "$BENCH_JAR" "$@"; }
raw3() { raw driver-3 "$WORK/raw3:$YCSB_LIB/*:$DRIVER3_JAR" "$@"; }
raw5_load() { raw5 "$LOAD_RECORDS" load "$(fresh_database rawload)" "$LOAD_RECORDS" 1 "$THREADS"; }
raw3_load() { raw3 "$LOAD_RECORDS" load "$(fresh_database rawload)" "$LOAD_RECORDS" 1 "$THREADS"; }
raw5_a() { raw5 "$OPERATIONS" run "$URL/bench" 0.5 "$RECORDS" "$OPERATIONS" "$THREADS"; }
raw3_a() { raw3 "$OPERATIONS" run "$URL/bench" 0.5 "$RECORDS" "$OPERATIONS" "$THREADS"; }
raw5_c() { raw5 "$OPERATIONS" run "$URL/bench" 1.0 "$RECORDS" "$OPERATIONS" "$THREADS"; }
raw3_c() { raw3 "$OPERATIONS" run "$URL/bench" 1.0 "$RECORDS" "$OPERATIONS" "$THREADS"; }

compare() { bench_compare_cpu "$ROUNDS" "$@"; }

echo "server: ${MONGODB_URL:+given by MONGODB_URL}${MONGODB_URL:-mongo-java-server (memory)} at $URL"
echo "ours: $OURS_CLASS from $OURS_LIB; $OTHER_NAME: $OTHER_CLASS from $OTHER_LIB; YCSB: $YCSB_LIB"
echo "records=$RECORDS operations=$OPERATIONS threads=$THREADS load_records=$LOAD_RECORDS batch=$BATCH rounds=$ROUNDS"
bench_context
PHASE=setup
if [[ " $PHASES " == *" a "* || " $PHASES " == *" c "* ]]; then
  JFR_DIR='' binding setup "$OURS_LIB" "$OURS_CLASS" "$RECORDS" -load -P "$DIST/workloads/workloada" -p recordcount="$RECORDS" \
    -p mongodb.url="$URL/bench" -p batchsize="$BATCH" >/dev/null
fi
if [[ " $PHASES " == *" load "* || " $PHASES " == *" batched "* ]]; then
  # The first load a fresh server served cost its client 1.6 x its partner's CPU per insert in one run
  # (the server still compiling its insert path: docs/lab/performance-rounds.md, Summary): one unmeasured load
  # by each binding first.
  warmup=$((LOAD_RECORDS < 50000 ? LOAD_RECORDS : 50000))
  JFR_DIR='' binding warm-up "$OURS_LIB" "$OURS_CLASS" "$warmup" -load -P "$DIST/workloads/workloada" \
    -p recordcount="$warmup" -p mongodb.url="$(fresh_database warmup)" >/dev/null
  JFR_DIR='' binding warm-up "$OTHER_LIB" "$OTHER_CLASS" "$warmup" -load -P "$DIST/workloads/workloada" \
    -p recordcount="$warmup" -p mongodb.url="$(fresh_database warmup)" >/dev/null
fi
for PHASE in $PHASES; do
  case $PHASE in
    load) compare "load, unbatched ($LOAD_RECORDS records)" ours ours_load "$OTHER_NAME" other_load ;;
    batched) compare "load, batchsize=$BATCH ($LOAD_RECORDS records)" ours ours_batched "$OTHER_NAME" other_batched ;;
    a) compare "workload A (50% read, 50% update, zipfian)" ours ours_a "$OTHER_NAME" other_a ;;
    c) compare "workload C (100% read, zipfian)" ours ours_c "$OTHER_NAME" other_c ;;
    *) echo "unknown phase: $PHASE (load, batched, a, c)" >&2; exit 2 ;;
  esac
done
if [[ -n ${DRIVER3_JAR:-} ]]; then
  mkdir -p "$WORK/raw3"
  javac -nowarn -d "$WORK/raw3" -cp "$YCSB_LIB/*:$DRIVER3_JAR" "$RAW_SOURCE"
  echo "drivers alone: RawDriverLoop on $(basename "$DRIVER3_JAR") (legacy MongoClient) vs on driver-sync 5 ($BENCH_JAR)"
  for PHASE in $PHASES; do
    case $PHASE in
      load) compare "raw drivers: load, insertOne ($LOAD_RECORDS records)" driver-5 raw5_load driver-3 raw3_load ;;
      a) compare "raw drivers: workload A" driver-5 raw5_a driver-3 raw3_a ;;
      c) compare "raw drivers: workload C" driver-5 raw5_c driver-3 raw3_c ;;
    esac
  done
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
