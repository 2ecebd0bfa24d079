#!/usr/bin/env bash
# The embedded engine at the device's own limit: the rocksdb binding beyond its block cache against
# fio's random direct reads of the engine's block size, on the same folder's device, at the same
# number of requests in flight (fio's numjobs = the client's threads), interleaved thread count by
# thread count, round by round.
#   engine: bin/ycsb run rocksdb, workload C uniform (read-only-uniform-1x1000: 1 field of 1,000 B),
#           direct reads, a CACHE block cache and a dataset of RATIO x it, loaded once;
#           SECONDS s after a 2 s warm-up; device reads per second = throughput x the engine's own
#           device reads per operation ([ENGINE] device.reads/op: data blocks its operations read
#           from files), beside what the OS counted on the device ([IO] <device>.r/s avg).
#   fio:    --rw=randread --direct=1 --bs=BLOCK --ioengine=psync --numjobs=THREADS over a file of the
#           dataset's size in the same folder, SECONDS s after a 2 s ramp.
# Prints per run the engine's device reads/s, fio's IOPS, mean read latency and CPU per read,
# engine / fio, the engine's CPU per operation (the whole process: client, engine and collector; [IO]
# client.process.cpu.us/op) and counters; then per thread count the medians. At one thread an
# operation waits for the device and the CPU in turn, so its time should be reads/op x fio's latency
# plus the engine's CPU beyond what those reads cost fio (fio's CPU per read, inside its latency):
# the last column gives measured / that sum.
# Goals (docs/PERFORMANCE.md): engine / fio >= 0.9 at 4 and 16 threads; at one thread the sum within
# 10 % of the time per operation.
#
# Usage: scripts/bench/device-limit.sh
# Environment: DIR (a folder on the device to measure, default /var/tmp: the script works in a new
#              folder inside it, removed on exit), THREADS (default "1 4 16"), SECONDS_PER_RUN (default 20), ROUNDS (default 3),
#              CACHE (the block cache, default 16MB), RATIO (dataset / cache, default 8), BLOCK (fio's
#              read size, default 4k: the engine's block size, BlockBasedTableConfig's default).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

THREADS=${THREADS:-1 4 16}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-20}
ROUNDS=${ROUNDS:-3}
CACHE=${CACHE:-16MB}
RATIO=${RATIO:-8}
BLOCK=${BLOCK:-4k}
command -v fio >/dev/null || { echo "device-limit.sh: needs fio (apt-get install fio)" >&2; exit 2; }
bench_ensure_built

# A folder of our own, inside DIR where given: only what this script created is removed.
WORK=$(mktemp -d "${DIR:-/var/tmp}/device-limit.XXXXXX")
BENCH_WORK=$(mktemp -d /tmp/device-limit.XXXXXX)
cleanup() {
  rm -rf "$BENCH_WORK" "$WORK"
}
trap cleanup EXIT
WORKLOAD="$DIST/workloads/storage/read-only-uniform-1x1000"
common=(-P "$WORKLOAD" -p rocksdb.dir="$WORK/db" -p storage.server.memory="$CACHE" -p storage.memory.basis=cache
  -p storage.dataset.ratio="$RATIO" -p results.store=off -p collector.paths="$WORK" -p collector.probe=false)

bench_context
echo "folder $WORK on $(df --output=source "$WORK" | tail -n 1); block cache $CACHE, dataset $RATIO x it;" \
  "$SECONDS_PER_RUN s per run; threads $THREADS; $ROUNDS rounds; fio block $BLOCK"
"$DIST/bin/ycsb" load rocksdb "${common[@]}" -threads 2 >"$BENCH_WORK/load.out" 2>"$BENCH_WORK/load.err" \
  || { tail -n 20 "$BENCH_WORK/load.err" >&2; exit 1; }
dataset_bytes=$(du -sb "$WORK/db" | cut -f1)
echo "loaded: $(grep -h '^Achieved dataset' "$BENCH_WORK/load.err" || echo "$dataset_bytes B")"

# engine THREADS: one measured run; prints "ops/s reads/op os-reads/s os-read-kB os-queue cpu-us/op hit-ratio
# bytes/block-read host-cpu-busy-%" (unknown where the collector could not tell).
engine() {
  "$DIST/bin/ycsb" run rocksdb "${common[@]}" -threads "$1" -p operationcount=2000000000 \
    -p maxexecutiontime="$((SECONDS_PER_RUN + 2))" -p storage.warmup=2s >"$BENCH_WORK/run.out" 2>"$BENCH_WORK/run.err" \
    || { tail -n 20 "$BENCH_WORK/run.err" >&2; return 1; }
  awk -F', ' '
    /^\[OVERALL\], Throughput/ { ops = $3 }
    /^\[READ\], Return=/ && $2 != "Return=OK" { failed = 1 }
    /^\[ENGINE\], device.reads\/op/ { reads = $3 }
    /^\[ENGINE\], cache.hit.ratio/ { hits = $3 }
    /^\[ENGINE\], operation.block.reads/ { blocks = $3 }
    /^\[ENGINE\], bytes.read/ { bytes = $3 }
    /^\[IO\], [^.]+\.r\/s avg/ && osreads == "" { osreads = $3 }
    /^\[IO\], [^.]+\.rareq-sz avg/ && osread == "" { osread = $3 }
    /^\[IO\], [^.]+\.aqu-sz avg/ && queue == "" { queue = $3 }
    /^\[IO\], client.process.cpu.us\/op/ { cpu = $3 }
    /^\[IO\], cpu.(idle|iowait) %/ { idle += $3; timed = 1 }
    END {
      if (failed || ops == "" || reads == "") { print "engine run: failed or incomplete output" > "/dev/stderr"; exit 1 }
      printf "%.1f %.4f %s %s %s %s %s %.0f %s\n", ops, reads, (osreads == "" ? "unknown" : osreads),
        (osread == "" ? "unknown" : osread), (queue == "" ? "unknown" : queue), (cpu == "" ? "unknown" : cpu),
        hits, (blocks > 0 ? bytes / blocks : 0), (timed ? sprintf("%.0f", 100 - idle) : "unknown")
    }' "$BENCH_WORK/run.out"
}

# fio_reads THREADS: prints "iops mean-latency-us cpu-us/read" of random direct reads over the dataset's size.
fio_reads() {
  fio --name=device-limit --filename="$WORK/fio.dat" --size="$dataset_bytes" --direct=1 --rw=randread \
    --bs="$BLOCK" --ioengine=psync --numjobs="$1" --thread --group_reporting --time_based \
    --ramp_time=2 --runtime="$SECONDS_PER_RUN" --output-format=json >"$BENCH_WORK/fio.json" 2>"$BENCH_WORK/fio.err" \
    || { cat "$BENCH_WORK/fio.err" >&2; return 1; }
  python3 - "$BENCH_WORK/fio.json" <<'PYTHON'
import json, sys
job = json.load(open(sys.argv[1]))["jobs"][0]
read = job["read"]
# CPU per read: fio's usr + sys shares are per job (averaged over its numjobs threads)
cpu_s = (job["usr_cpu"] + job["sys_cpu"]) / 100 * read["runtime"] / 1000 * int(job["job options"]["numjobs"])
print(f'{read["iops"]:.1f} {read["lat_ns"]["mean"] / 1000:.1f} {cpu_s * 1e6 / max(read["total_ios"], 1):.2f}')
PYTHON
}

for ((round = 1; round <= ROUNDS; round++)); do
  for threads in $THREADS; do
    # engine first in odd rounds, fio first in even ones
    if ((round % 2 == 1)); then e=$(engine "$threads"); f=$(fio_reads "$threads")
    else f=$(fio_reads "$threads"); e=$(engine "$threads"); fi
    read -r ops reads osreads osread queue cpu hits bytes busy <<<"$e"
    read -r iops latency fiocpu <<<"$f"
    # At one thread: the engine's CPU beyond what a bare direct read costs (fio's CPU per read, spent
    # inside fio's latency) adds to the device's time.
    awk -v r="$round" -v t="$threads" -v ops="$ops" -v reads="$reads" -v osr="$osreads" -v osread="$osread" -v queue="$queue" -v cpu="$cpu" \
      -v hits="$hits" -v bytes="$bytes" -v busy="$busy" -v iops="$iops" -v lat="$latency" -v fiocpu="$fiocpu" \
      -v load="$(cut -d' ' -f1 /proc/loadavg)" -v ratios="$BENCH_WORK/ratios" 'BEGIN {
        engine = ops * reads
        printf "round %d, %2d threads: engine %.0f ops/s x %.3f reads/op = %.0f reads/s (OS: %s r/s of %s kB, %s in flight) | fio %.0f IOPS, %.1f us and %.1f us of CPU per read | engine / fio %.3f",
          r, t, ops, reads, engine, osr, osread, queue, iops, lat, fiocpu, engine / iops
        printf " | engine CPU %s us/op (host CPU %s %% busy), hit ratio %s, %s B per block read", cpu, busy, hits, bytes
        explained = "unknown"
        if (t == 1 && cpu != "unknown") {
          per = 1e6 / ops; sum = reads * lat + cpu - reads * fiocpu; explained = sprintf("%.4f", per / sum)
          printf " | per op %.1f us vs %.3f x %.1f + (%.1f - %.3f x %.1f) = %.1f us (%s)", per, reads, lat, cpu, reads, fiocpu, sum, explained
        }
        printf " (load average %s)\n", load
        printf "%d %.4f %s %s %s\n", t, engine / iops, cpu, fiocpu, explained >>ratios
      }'
  done
done
for threads in $THREADS; do
  ratio=$(awk -v t="$threads" '$1 == t { print $2 }' "$BENCH_WORK/ratios" | bench_median)
  range=$(awk -v t="$threads" '$1 == t { print $2 }' "$BENCH_WORK/ratios" | bench_range)
  cpu=$(awk -v t="$threads" '$1 == t && $3 != "unknown" { print $3 }' "$BENCH_WORK/ratios" | bench_median)
  fiocpu=$(awk -v t="$threads" '$1 == t { print $4 }' "$BENCH_WORK/ratios" | bench_median)
  explained=$(awk -v t="$threads" '$1 == t && $5 != "unknown" { print $5 }' "$BENCH_WORK/ratios" | bench_median)
  echo "median, $threads threads: engine / fio $ratio ($range); CPU: engine $cpu us per operation, fio $fiocpu us per read$( ((threads != 1)) \
    || echo "; time per op / (reads x fio latency + the engine's CPU beyond fio's) $explained")"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
