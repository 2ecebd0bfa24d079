# Shared helpers for the side-by-side macro benchmarks in scripts/bench/. Source it from bash; do
# not run it. Every benchmark interleaves its two contenders round by round (bench_compare_cpu: A, B,
# then B, A, ...) so that machine noise hits both alike, then prints each round, the medians and the
# ratio A/B (bench_compare). The other helpers run one contender and print one number.

BENCH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BENCH_JAR="$BENCH_ROOT/benchmarks/target/benchmarks.jar"

# Builds the distribution if needed and sets DIST (unpacked ycsb-storage) and YCSB_LIB (a YCSB
# 0.17.0 install's lib/: YCSB core with exactly its own dependencies).
bench_ensure_built() {
  # nothing built yet (a fresh clone) is not a failure: ls's status would end a pipefail script here
  DIST=$(ls -d "$BENCH_ROOT"/dist/target/ycsb-storage-*/ycsb-storage-*/ 2>/dev/null | head -n 1 || true)
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

# bench_ycsb NAME OPERATIONS ARGS...: the distribution's bin/ycsb with ARGS through bench_timed
# (client CPU per operation under NAME); prints its throughput.
bench_ycsb() {
  bench_timed "$1" "$2" "$DIST/bin/ycsb" "${@:3}" "${BENCH_STATUS_ARGS[@]}" | bench_throughput
}

# bench_plain_ycsb NAME OPERATIONS ARGS...: YCSB 0.17.0's own site.ycsb.Client on a YCSB install's
# classpath, the same way.
bench_plain_ycsb() {
  bench_timed "$1" "$2" java -cp "$YCSB_LIB/*" site.ycsb.Client "${@:3}" "${BENCH_STATUS_ARGS[@]}" | bench_throughput
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
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
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

# Status lines every second, for bench_timed's steady-state window: YCSB's Client options (bin/ycsb
# passes them on).
BENCH_STATUS_ARGS=(-s -p status.interval=1)
# Seconds into the phase at which the steady-state window opens: JIT compilation and the driver's
# class loading happen before.
BENCH_WARMUP_S=${BENCH_WARMUP_S:-5}

# bench_timed NAME OPERATIONS COMMAND...: runs the command (a JVM, or a script that execs one) and
# prints what it printed on stdout. Appends the client JVM's CPU (user + system) per operation in µs
# to $BENCH_WORK/phase-NAME, over the measured phase: the CPU at exit less the CPU when the client
# wrote "Starting test." to stderr (YCSB's Client writes it after JVM start, its own class loading
# and the workload's init, just before it creates the DB instances and starts the client threads;
# RawDriverLoop and RawTableApiLoop write the same line at the same point); what follows the phase
# (export, JVM exit) stays in, a few ms. Appends to $BENCH_WORK/cpu-NAME the steady-state figure:
# CPU between YCSB's status line at BENCH_WARMUP_S seconds or later and its last status line,
# divided by the operations between them (run YCSB with BENCH_STATUS_ARGS), which leaves JIT
# compilation and class loading out; the whole-phase figure where there are not two such lines.
# Where perf counts instructions ($BENCH_PERF_REASON is empty), appends the phase's instructions per
# operation to $BENCH_WORK/instructions-NAME. Fails, showing its stderr, when the command fails or
# never wrote the line. The calling script sets BENCH_WORK to its temporary folder.
bench_timed() {
  local name=$1 operations=$2 status=0 timer reader phase steady
  shift 2
  rm -f "$BENCH_WORK"/{start,status,perf,stderr}
  mkfifo "$BENCH_WORK/stderr"
  bench_phase_start <"$BENCH_WORK/stderr" >"$BENCH_WORK/err" &
  reader=$!
  /usr/bin/time -f '%U %S' -o "$BENCH_WORK/time" "$@" >"$BENCH_WORK/out" 2>"$BENCH_WORK/stderr" &
  timer=$!
  echo "$timer" >"$BENCH_WORK/timer-pid"
  wait "$timer" || status=$?
  wait "$reader"
  if ((status != 0)) || [[ ! -s $BENCH_WORK/start ]]; then
    echo "failed (exit $status$([[ -s $BENCH_WORK/start ]] || echo ", no 'Starting test.' line on stderr")): $*" >&2
    tail -n 20 "$BENCH_WORK/err" >&2
    return 1
  fi
  phase=$(awk -v ops="$operations" -v tick="$(getconf CLK_TCK)" -v start="$(cat "$BENCH_WORK/start")" \
    '{ printf "%.3f\n", (($1 + $2) - start / tick) * 1e6 / ops }' "$BENCH_WORK/time")
  echo "$phase" >>"$BENCH_WORK/phase-$name"
  steady=$(touch "$BENCH_WORK/status" && awk -v warmup="$BENCH_WARMUP_S" -v tick="$(getconf CLK_TCK)" \
    '$1 >= warmup && !opened { ops0 = $2; ticks0 = $3; opened = 1 } { ops = $2; ticks = $3 }
     END { if (opened && ops > ops0) printf "%.3f\n", (ticks - ticks0) / tick * 1e6 / (ops - ops0) }' "$BENCH_WORK/status")
  echo "${steady:-$phase}" >>"$BENCH_WORK/cpu-$name"
  [[ -n $steady ]] || echo "$name" >>"$BENCH_WORK/whole-phase-only"
  if [[ -s $BENCH_WORK/perf ]]; then
    awk -F, -v ops="$operations" '$3 ~ /^instructions/ { printf "%.0f\n", $1 / ops }' "$BENCH_WORK/perf" \
      >>"$BENCH_WORK/instructions-$name"
  fi
  cat "$BENCH_WORK/out"
}

# The client JVM's CPU so far in clock ticks: utime + stime, the 12th and 13th fields after the
# command name (which is in parentheses) of /proc/PID/stat; nothing once it has exited.
bench_cpu_ticks() {
  sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }'
}

# Copies stdin (the client's stderr) to stdout. At the line "Starting test." writes the client JVM's
# CPU so far (bench_cpu_ticks) to $BENCH_WORK/start and, where perf counts instructions, attaches
# perf stat to the JVM until it exits; at each YCSB status line ("... N sec: M operations; ...")
# appends "N M ticks" to $BENCH_WORK/status.
bench_phase_start() {
  local line pid="" ticks
  while IFS= read -r line; do
    printf '%s\n' "$line"
    if [[ $line == "Starting test." && -z $pid ]]; then
      # /usr/bin/time's one child is the JVM (bin/ycsb execs it).
      pid=$(cat "/proc/$(cat "$BENCH_WORK/timer-pid")/task/$(cat "$BENCH_WORK/timer-pid")/children")
      pid=${pid%% *}
      bench_cpu_ticks "$pid" >"$BENCH_WORK/start"
      if [[ -z $BENCH_PERF_REASON ]]; then
        perf stat -x, -e instructions:u -p "$pid" -o "$BENCH_WORK/perf" 2>/dev/null &
      fi
    elif [[ -n $pid && $line =~ \ ([0-9]+)\ sec:\ ([0-9]+)\ operations\; ]]; then
      ticks=$(bench_cpu_ticks "$pid")
      [[ -z $ticks ]] || echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} $ticks" >>"$BENCH_WORK/status"
    fi
  done
}

# Why perf cannot count the client's instructions here, or empty when it can: checked once, when a
# script sources this file.
BENCH_PERF_REASON=$(
  if ! command -v perf >/dev/null; then
    echo "no perf command"
  else
    counted=$(perf stat -x, -e instructions:u true 2>&1 >/dev/null | awk -F, '$3 ~ /^instructions/ { print $1 }')
    case $counted in
      [0-9]*) ;;
      "") echo "perf stat gave no instruction count (perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null))" ;;
      *) echo "perf stat -e instructions: $counted, no hardware counters on this machine (e.g. a VM without a virtual PMU)" ;;
    esac
  fi
)

# bench_compare_cpu ROUNDS TITLE NAME_A FN_A NAME_B FN_B: the two contenders, whose functions run
# their client through bench_timed under those names and print its throughput, interleaved round by
# round (A, B, B, A, A, B, ...) so that machine noise hits both alike. Prints each round (client CPU per
# operation over the measured phase, throughput, 1-minute load average), then client CPU per
# operation first -- it moves far less than throughput when other work shares the machine -- as each
# side's median [min..max], the ratio of the medians and the range of the paired per-round ratios
# ("no difference measurable" when that range includes 1); then the same for throughput and, where
# perf counts them, instructions per operation.
bench_compare_cpu() {
  local rounds=$1 title=$2 name_a=$3 fn_a=$4 name_b=$5 fn_b=$6 round a b
  rm -f "$BENCH_WORK"/{cpu,phase,instructions,ops}-{"$name_a","$name_b"} "$BENCH_WORK/whole-phase-only"
  echo "== $title =="
  for ((round = 1; round <= rounds; round++)); do
    # A first in odd rounds, B first in even ones: whatever favours one position in a round falls on
    # both (on this host the first run of a round often cost more CPU: docs/lab/performance-rounds.md, Summary)
    if ((round % 2 == 1)); then
      a=$($fn_a)
      b=$($fn_b)
    else
      b=$($fn_b)
      a=$($fn_a)
    fi
    echo "$a" >>"$BENCH_WORK/ops-$name_a"
    echo "$b" >>"$BENCH_WORK/ops-$name_b"
    printf 'round %d: %s %s µs/op (whole phase %s) %s ops/s | %s %s µs/op (whole phase %s) %s ops/s (load average %s)\n' \
      "$round" "$name_a" "$(tail -n 1 "$BENCH_WORK/cpu-$name_a")" "$(tail -n 1 "$BENCH_WORK/phase-$name_a")" "$a" \
      "$name_b" "$(tail -n 1 "$BENCH_WORK/cpu-$name_b")" "$(tail -n 1 "$BENCH_WORK/phase-$name_b")" "$b" \
      "$(cut -d' ' -f1 /proc/loadavg)"
  done
  bench_summary "client CPU per operation, steady state (µs)" cpu "$name_a" "$name_b"
  bench_summary "client CPU per operation, whole phase (µs)" phase "$name_a" "$name_b"
  if [[ -s $BENCH_WORK/whole-phase-only ]]; then
    echo "  (steady state is the whole phase for runs of $(sort -u "$BENCH_WORK/whole-phase-only" | paste -sd, -):" \
      "no two status lines from ${BENCH_WARMUP_S} s on)"
  fi
  bench_summary "throughput (ops/s)" ops "$name_a" "$name_b"
  if [[ -n $BENCH_PERF_REASON ]]; then
    echo "instructions per operation: not available ($BENCH_PERF_REASON)"
  else
    bench_summary "instructions per operation" instructions "$name_a" "$name_b"
  fi
}

# bench_summary LABEL KIND NAME_A NAME_B: one line from $BENCH_WORK/KIND-NAME_A and -NAME_B (one
# figure per round, rounds in the same order): medians [min..max], ratio of the medians A/B and the
# min..max of the per-round ratios.
bench_summary() {
  local label=$1 a=$BENCH_WORK/$2-$3 b=$BENCH_WORK/$2-$4
  printf '%s: %s %s [%s] | %s %s [%s] | ratio %s / %s %s, per round %s\n' "$label" \
    "$3" "$(bench_median <"$a")" "$(bench_range <"$a")" "$4" "$(bench_median <"$b")" "$(bench_range <"$b")" "$3" "$4" \
    "$(awk -v a="$(bench_median <"$a")" -v b="$(bench_median <"$b")" 'BEGIN { printf "%.3f", a / b }')" \
    "$(paste "$a" "$b" | awk '{ r = $1 / $2; if (NR == 1 || r < min) min = r; if (NR == 1 || r > max) max = r }
        END { printf "%.3f..%.3f%s", min, max, (min <= 1 && max >= 1) ? " (includes 1: no difference measurable)" : "" }')"
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
    "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -n 1);" \
    "instructions: $([[ -n $BENCH_PERF_REASON ]] && echo "not available ($BENCH_PERF_REASON)" || echo "counted by perf stat")"
}
