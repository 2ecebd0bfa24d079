#!/bin/sh
# Side by side, against one mongo-java-server (memory backend) in its own JVM on 127.0.0.1:
#   1. workloads A and C through YCSB and the mongodb binding (bin/ycsb run mongodb) vs the same
#      operations written directly on mongodb-driver-sync (RawDriverLoop), same threads;
#   2. a batched load (mongodb.batchsize) vs an unbatched load, both through bin/ycsb, and the same
#      two loads written directly on the driver (insertMany(ordered=false) / insertOne).
# Prints the ops/s of each side and their ratio. Rounds alternate the sides to spread noise.
#
# Build first:  mvn -B -q -pl benchmarks,dist -am package -DskipTests
# Then:         scripts/bench/mongodb-binding-vs-driver.sh
# Tunables (environment): RECORDS (10000, loaded for the runs), OPERATIONS (100000), THREADS (4),
#   LOAD_RECORDS (50000, per load measurement), BATCH (100), ROUNDS (2), SERVER_HEAP (4g: the memory
#   backend keeps every database loaded during the run, ~2 KB of heap per record),
#   MONGODB_URL (e.g. mongodb://db1:27017, no database and no options: measure a real server instead of
#   starting one; the script creates databases bench, unbatched<N>, batched<N>, rawunbatched<N> and
#   rawbatched<N> there and leaves them for you to drop).
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
RECORDS=${RECORDS:-10000}
OPERATIONS=${OPERATIONS:-100000}
THREADS=${THREADS:-4}
BATCH=${BATCH:-100}
LOAD_RECORDS=${LOAD_RECORDS:-50000}
SERVER_HEAP=${SERVER_HEAP:-4g}
ROUNDS=${ROUNDS:-2}
JAR=$ROOT/benchmarks/target/benchmarks.jar
YCSB_HOME=$(ls -d "$ROOT"/dist/target/ycsb-storage-*/ycsb-storage-* 2>/dev/null | head -n 1)
if [ ! -f "$JAR" ] || [ -z "$YCSB_HOME" ]; then
  echo "build first: mvn -B -q -pl benchmarks,dist -am package -DskipTests" >&2
  exit 2
fi

WORK=$(mktemp -d)
if [ -n "${MONGODB_URL:-}" ]; then
  trap 'rm -rf "$WORK"' EXIT INT TERM
  echo "$MONGODB_URL" >"$WORK/server.out"
else
  java -Xmx"$SERVER_HEAP" -cp "$JAR" io.github.ycsbstorage.benchmarks.macro.InProcessMongoServer >"$WORK/server.out" 2>"$WORK/server.err" &
  SERVER_PID=$!
  trap 'kill "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT INT TERM
  i=0
  until [ -s "$WORK/server.out" ]; do
    i=$((i + 1))
    if [ "$i" -gt 100 ]; then echo "server did not start: $(cat "$WORK/server.err")" >&2; exit 1; fi
    sleep 0.1
  done
fi
URL=$(head -n 1 "$WORK/server.out")

# Throughput of one bin/ycsb command (its [OVERALL] line); fails loudly on any error return code.
ycsb() {
  "$YCSB_HOME/bin/ycsb" "$@" >"$WORK/ycsb.out" 2>"$WORK/ycsb.err" || { cat "$WORK/ycsb.err" >&2; exit 1; }
  if grep -q 'Return=\(ERROR\|NOT_FOUND\|SERVICE_UNAVAILABLE\)' "$WORK/ycsb.out"; then
    grep 'Return=' "$WORK/ycsb.out" >&2; exit 1
  fi
  sed -n 's/^\[OVERALL\], Throughput(ops\/sec), //p' "$WORK/ycsb.out"
}

raw() {
  java -cp "$JAR" io.github.ycsbstorage.benchmarks.macro.RawDriverLoop "$@" >"$WORK/raw.out" 2>"$WORK/raw.err" \
    || { cat "$WORK/raw.err" >&2; exit 1; }
  grep -q '^failures=0$' "$WORK/raw.out" || { cat "$WORK/raw.out" >&2; exit 1; }
  sed -n 's/^throughput(ops\/sec)=//p' "$WORK/raw.out"
}

mean() { awk '{ s += $1; n++ } END { printf "%.0f", s / n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

echo "server: ${MONGODB_URL:+given by MONGODB_URL}${MONGODB_URL:-mongo-java-server (memory)} at $URL; records=$RECORDS operations=$OPERATIONS threads=$THREADS" \
  "load_records=$LOAD_RECORDS batch=$BATCH rounds=$ROUNDS"
ycsb load mongodb -P "$YCSB_HOME/workloads/workloada" -p recordcount="$RECORDS" \
  -p mongodb.url="$URL/bench" -p mongodb.batchsize="$BATCH" -threads "$THREADS" >/dev/null

for workload in a c; do
  case $workload in a) reads=0.5 ;; c) reads=1.0 ;; esac
  : >"$WORK/binding.$workload"; : >"$WORK/raw.$workload"
  round=1
  while [ "$round" -le "$ROUNDS" ]; do
    raw run "$URL/bench" "$reads" "$RECORDS" "$OPERATIONS" "$THREADS" >>"$WORK/raw.$workload"
    ycsb run mongodb -P "$YCSB_HOME/workloads/workload$workload" -p recordcount="$RECORDS" \
      -p operationcount="$OPERATIONS" -p mongodb.url="$URL/bench" -threads "$THREADS" >>"$WORK/binding.$workload"
    round=$((round + 1))
  done
  b=$(mean <"$WORK/binding.$workload"); r=$(mean <"$WORK/raw.$workload")
  echo "workload $workload: binding via YCSB $b ops/s [$(tr '\n' ' ' <"$WORK/binding.$workload")]," \
    "raw driver $r ops/s [$(tr '\n' ' ' <"$WORK/raw.$workload")], ratio $(ratio "$b" "$r")"
done

: >"$WORK/load.unbatched"; : >"$WORK/load.batched"; : >"$WORK/rawload.unbatched"; : >"$WORK/rawload.batched"
round=1
while [ "$round" -le "$ROUNDS" ]; do
  raw load "$URL/rawunbatched$round" "$LOAD_RECORDS" 1 "$THREADS" >>"$WORK/rawload.unbatched"
  ycsb load mongodb -P "$YCSB_HOME/workloads/workloada" -p recordcount="$LOAD_RECORDS" \
    -p mongodb.url="$URL/unbatched$round" -threads "$THREADS" >>"$WORK/load.unbatched"
  raw load "$URL/rawbatched$round" "$LOAD_RECORDS" "$BATCH" "$THREADS" >>"$WORK/rawload.batched"
  ycsb load mongodb -P "$YCSB_HOME/workloads/workloada" -p recordcount="$LOAD_RECORDS" \
    -p mongodb.url="$URL/batched$round" -p mongodb.batchsize="$BATCH" -threads "$THREADS" >>"$WORK/load.batched"
  round=$((round + 1))
done
u=$(mean <"$WORK/load.unbatched"); bl=$(mean <"$WORK/load.batched")
ru=$(mean <"$WORK/rawload.unbatched"); rb=$(mean <"$WORK/rawload.batched")
echo "load via YCSB: batched (batchsize=$BATCH) $bl ops/s [$(tr '\n' ' ' <"$WORK/load.batched")]," \
  "unbatched $u ops/s [$(tr '\n' ' ' <"$WORK/load.unbatched")], ratio $(ratio "$bl" "$u")"
echo "load raw driver: batched $rb ops/s [$(tr '\n' ' ' <"$WORK/rawload.batched")]," \
  "unbatched $ru ops/s [$(tr '\n' ' ' <"$WORK/rawload.unbatched")], ratio $(ratio "$rb" "$ru")"
echo "load binding/raw: batched $(ratio "$bl" "$rb"), unbatched $(ratio "$u" "$ru")"
