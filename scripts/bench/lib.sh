# Shared helpers for the side-by-side macro benchmarks in scripts/bench/. Source it; do not run it.
# Every benchmark interleaves its two contenders round by round (A, B, A, B, ...) so that machine
# noise hits both alike, then prints each round, the medians and the ratio A/B.

BENCH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

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

# Reads YCSB output on stdin and prints [OVERALL] throughput in ops/s.
bench_throughput() {
  awk -F', ' '/^\[OVERALL\], Throughput\(ops\/sec\)/ { printf "%.1f\n", $3; found = 1 }
              END { if (!found) { print "no [OVERALL] throughput in the output" > "/dev/stderr"; exit 1 } }'
}

bench_median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_compare ROUNDS UNIT "name A" fnA "name B" fnB [higher|lower]
# Each function prints one number per call. Prints rounds, medians and the ratio A/B.
bench_compare() {
  local rounds=$1 unit=$2 name_a=$3 fn_a=$4 name_b=$5 fn_b=$6
  local a_values=() b_values=() a b
  for ((round = 1; round <= rounds; round++)); do
    a=$($fn_a)
    b=$($fn_b)
    a_values+=("$a")
    b_values+=("$b")
    printf 'round %d: %s %s %s | %s %s %s\n' "$round" "$name_a" "$a" "$unit" "$name_b" "$b" "$unit"
  done
  local median_a median_b
  median_a=$(printf '%s\n' "${a_values[@]}" | bench_median)
  median_b=$(printf '%s\n' "${b_values[@]}" | bench_median)
  printf 'median: %s %s %s | %s %s %s\n' "$name_a" "$median_a" "$unit" "$name_b" "$median_b" "$unit"
  printf 'ratio %s / %s: %s\n' "$name_a" "$name_b" "$(awk -v a="$median_a" -v b="$median_b" 'BEGIN { printf "%.3f", a / b }')"
}
