#!/usr/bin/env bash
# Measures the wall time of each test tier from a fresh clone, with the load average before and
# after each: the fast tier (`mvn -B verify`, README's test command) and the system tier
# (`mvn -B verify -Psystem`). The Maven cache is whatever ~/.m2 holds (warm after one build).
#
#   scripts/bench/suite-time.sh [fast|system|both]    (default: fast)
#
# Clones the committed HEAD of this checkout (uncommitted changes are not measured) into a temporary
# folder, removed on every exit. Prints one line per tier: its wall time, its exit status and the
# load averages, then each test class's time in that tier, slowest first. Exit 0 when every tier measured passed, 1 when one failed (its time is still
# printed), 2 on a bad argument.
set -euo pipefail

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
}

case ${1:-fast} in
  fast) tiers=(fast) ;;
  system) tiers=(system) ;;
  both) tiers=(fast system) ;;
  -h|--help) usage; exit 0 ;;
  *) echo "suite-time.sh: error: tier='$1' is invalid; accepted: fast, system or both" >&2; exit 2 ;;
esac

source=$(cd "$(dirname "$0")/../.." && pwd)
clone=$(mktemp -d)
trap 'rm -rf "$clone"' EXIT
git clone -q "$source" "$clone/ycsb-storage"
cd "$clone/ycsb-storage"
echo "suite-time: fresh clone of $source at $(git rev-parse --short HEAD), $(nproc) CPUs"

load() {
  cut -d' ' -f1-3 /proc/loadavg
}

failed=0
for tier in "${tiers[@]}"; do
  command=(mvn -B verify)
  [ "$tier" = system ] && command+=(-Psystem)
  before=$(load)
  touch "$clone/$tier.log.start"
  start=$SECONDS
  status=0
  "${command[@]}" >"$clone/$tier.log" 2>&1 || status=$?
  elapsed=$((SECONDS - start))
  echo "suite-time: $tier tier (${command[*]}): ${elapsed} s, exit $status; load average before $before, after $(load)"
  # failsafe's and surefire's per-class summaries: "Tests run: …, Time elapsed: 12.3 s -- in <class>"
  find . -path '*/target/*-reports/*.txt' -newer "$clone/$tier.log.start" -print0 \
    | xargs -0r sed -n 's/.*Tests run: \([0-9]*\),.*Time elapsed: \([0-9.,]*\) s.* in \(.*\)/\2 s  \1 tests  \3/p' \
    | tr -d , | sort -rn | sed 's/^/suite-time:   /'
  if [ "$status" != 0 ]; then
    echo "suite-time: the $tier tier failed; the end of its output:" >&2
    tail -n 60 "$clone/$tier.log" >&2
    failed=1
  fi
done
exit "$failed"
