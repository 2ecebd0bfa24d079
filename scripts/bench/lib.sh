# Shared helpers for the side-by-side macro benchmarks in scripts/bench/. Source it from bash; do
# not run it. Every benchmark interleaves its two contenders round by round (A, B, A, B, ...) so that
# machine noise hits both alike, then prints each round, the medians and the ratio A/B
# (bench_compare). The other helpers run one contender and print one number.

BENCH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BENCH_JAR="$BENCH_ROOT/benchmarks/target/benchmarks.jar"

# Builds the distribution if needed and sets DIST (unpacked ycsb-storage) and YCSB_LIB (a YCSB
# 0.17.0 install's lib/: YCSB core with exactly its own dependencies).
bench_ensure_built() {
  DIST=$(ls -d "$BENCH_ROOT"/dist/target/ycsb-storage-*/ycsb-storage-*/ 2>/dev/null | head -n 1)
  YCSB_LIB="$BENCH_ROOT/dist/target/ycsb-0.17.0-lib"
  if [[ -z $DIST || ! -d $YCSB_LIB ]]; then
    echo "building: mvn -q -B -DskipTests package dependency:copy@ycsb-0.17.0-lib -pl dist -am" >&2
    (cd "$BENCH_ROOT" && mvn -q -B -Dstyle.color=never -DskipTests -pl dist -am package \
      && mvn -q -B -Dstyle.color=never -pl dist dependency:copy@ycsb-0.17.0-lib) >&2
    DIST=$(ls -d "$BENCH_ROOT"/dist/target/ycsb-storage-*/ycsb-storage-*/ | head -n 1)
  fi
  DIST=${DIST%/}
}

# Builds benchmarks/target/benchmarks.jar (JMH and the macro support programs) if needed.
bench_ensure_benchmarks_jar() {
  if [[ ! -r $BENCH_JAR ]]; then
    echo "building: mvn -q -B -DskipTests package -pl benchmarks -am" >&2
    (cd "$BENCH_ROOT" && mvn -q -B -Dstyle.color=never -DskipTests -pl benchmarks -am package) >&2
  fi
}

# Reads YCSB output on stdin and prints [OVERALL] throughput in ops/s. Fails, showing the return
# codes, when any operation returned something other than OK: a figure from failed operations
# would measure the failure path.
bench_throughput() {
  awk -F', ' '/^\[OVERALL\], Throughput\(ops\/sec\)/ { throughput = $3; found = 1 }
              /^\[[A-Z-]+\], Return=/ && $2 !~ /^Return=(OK|BATCHED_OK)$/ { failed = failed $0 "\n" }
              END {
                if (failed != "") { printf "operations failed:\n%s", failed > "/dev/stderr"; exit 1 }
                if (!found) { print "no [OVERALL] throughput in the output" > "/dev/stderr"; exit 1 }
                printf "%.1f\n", throughput
              }'
}

# bench_ycsb ARGS...: the distribution's bin/ycsb with ARGS; prints its throughput. On failure shows
# bin/ycsb's stderr and fails.
bench_ycsb() {
  bench_run_ycsb "$DIST/bin/ycsb" "$@"
}

# bench_plain_ycsb ARGS...: YCSB 0.17.0's own site.ycsb.Client on a YCSB install's classpath;
# prints its throughput.
bench_plain_ycsb() {
  bench_run_ycsb java -cp "$YCSB_LIB/*" site.ycsb.Client "$@"
}

bench_run_ycsb() {
  local out err status=0
  out=$(mktemp)
  err=$(mktemp)
  "$@" >"$out" 2>"$err" || status=$?
  if ((status != 0)); then
    echo "failed (exit $status): $*" >&2
    tail -n 20 "$err" >&2
    rm -f "$out" "$err"
    return 1
  fi
  bench_throughput <"$out" || status=$?
  rm -f "$out" "$err"
  return "$status"
}

# bench_peak_rss_mib COMMAND...: runs the command (output discarded) and prints its peak resident
# set size in MiB, from GNU time.
bench_peak_rss_mib() {
  local report status=0
  report=$(mktemp)
  /usr/bin/time -f '%M' -o "$report" "$@" >/dev/null 2>&1 || status=$?
  if ((status != 0)); then
    echo "failed (exit $status): $*" >&2
    rm -f "$report"
    return 1
  fi
  awk '{ printf "%.1f\n", $1 / 1024 }' "$report"
  rm -f "$report"
}

bench_median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_compare ROUNDS UNIT "name A" fnA "name B" fnB
# Each function prints one number per call; A and B alternate, so that machine noise hits both alike.
# Prints each round with the 1-minute load average after it, the medians with their min–max ranges,
# and the ratio of the medians A/B.
bench_compare() {
  local rounds=$1 unit=$2 name_a=$3 fn_a=$4 name_b=$5 fn_b=$6
  local a_values=() b_values=() a b
  for ((round = 1; round <= rounds; round++)); do
    a=$($fn_a)
    b=$($fn_b)
    a_values+=("$a")
    b_values+=("$b")
    printf 'round %d: %s %s %s | %s %s %s (load average %s)\n' "$round" "$name_a" "$a" "$unit" "$name_b" "$b" "$unit" \
      "$(cut -d' ' -f1 /proc/loadavg)"
  done
  local median_a median_b
  median_a=$(printf '%s\n' "${a_values[@]}" | bench_median)
  median_b=$(printf '%s\n' "${b_values[@]}" | bench_median)
  printf 'median: %s %s %s [%s] | %s %s %s [%s]\n' "$name_a" "$median_a" "$unit" \
    "$(printf '%s\n' "${a_values[@]}" | bench_range)" "$name_b" "$median_b" "$unit" \
    "$(printf '%s\n' "${b_values[@]}" | bench_range)"
  printf 'ratio %s / %s: %s\n' "$name_a" "$name_b" "$(awk -v a="$median_a" -v b="$median_b" 'BEGIN { printf "%.3f", a / b }')"
}

# bench_timed NAME OPERATIONS COMMAND...: runs the command, appends its client CPU (user + system) per
# operation in µs to $BENCH_WORK/cpu-NAME and prints what the command printed on stdout. Fails, showing
# its stderr, when the command fails. The calling script sets BENCH_WORK to its temporary folder.
bench_timed() {
  local name=$1 operations=$2 status=0
  shift 2
  /usr/bin/time -f '%U %S' -o "$BENCH_WORK/time" "$@" >"$BENCH_WORK/out" 2>"$BENCH_WORK/err" || status=$?
  if ((status != 0)); then
    echo "failed (exit $status): $*" >&2
    tail -n 20 "$BENCH_WORK/err" >&2
    return 1
  fi
  awk -v ops="$operations" '{ printf "%.1f\n", ($1 + $2) * 1e6 / ops }' "$BENCH_WORK/time" >>"$BENCH_WORK/cpu-$name"
  cat "$BENCH_WORK/out"
}

# bench_compare_cpu ROUNDS TITLE NAME_A FN_A NAME_B FN_B: bench_compare of two contenders whose
# functions run through bench_timed under those names, then each side's client CPU per operation,
# which moves far less than throughput when other work shares the machine.
bench_compare_cpu() {
  local rounds=$1 title=$2 name_a=$3 fn_a=$4 name_b=$5 fn_b=$6
  rm -f "$BENCH_WORK/cpu-$name_a" "$BENCH_WORK/cpu-$name_b"
  echo "== $title =="
  bench_compare "$rounds" ops/s "$name_a" "$fn_a" "$name_b" "$fn_b"
  printf 'client CPU per operation: %s %s µs [%s] | %s %s µs [%s]\n' \
    "$name_a" "$(bench_median <"$BENCH_WORK/cpu-$name_a")" "$(bench_range <"$BENCH_WORK/cpu-$name_a")" \
    "$name_b" "$(bench_median <"$BENCH_WORK/cpu-$name_b")" "$(bench_range <"$BENCH_WORK/cpu-$name_b")"
}

# bench_jfr_options NAME: the JVM option recording a JDK Flight Recording into $JFR_DIR/NAME-<n>.jfr,
# the first free n; nothing when JFR_DIR is unset. settings=profile with a Java method sample every
# 1 ms (method-profiling=max): a client thread mostly waits for the server, and at profile's 10 ms a
# whole run gives too few samples to split by cause.
bench_jfr_options() {
  [[ -n ${JFR_DIR:-} ]] || return 0
  mkdir -p "$JFR_DIR"
  local n=1
  while [[ -e $JFR_DIR/$1-$n.jfr ]]; do n=$((n + 1)); done
  echo "-XX:StartFlightRecording=settings=profile,method-profiling=max,filename=$JFR_DIR/$1-$n.jfr"
}

# Reads numbers on stdin and prints "min..max".
bench_range() {
  sort -g | awk 'NR == 1 { min = $1 } { max = $1 } END { printf "%s..%s\n", min, max }'
}

# Prints the context every figure needs: date, machine, load, versions.
bench_context() {
  echo "date: $(date -u +%FT%TZ); machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo);" \
    "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -n 1)"
}
