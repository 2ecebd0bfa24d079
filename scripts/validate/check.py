#!/usr/bin/python3
"""The validation rig's checks: what a study on two devices of known behaviour found, against what the
slow device's service time implies: the configured delay plus the pass-through's own cost, timed by the
rig itself (service_time.py, before and after the studies), never by the tool under test. Prints one
PASS/FAIL line per check with both numbers; a check of a timing that failed on a cell whose process
waited for a CPU (io.process.runQueue: a tenth of its operations' time or more, the report's own
threshold; where that was not measured, the host's CPUs saturated) is INCONCLUSIVE with that reason
instead, since then the figure measured the host's CPU queue, not the device. Exits 0 when every
check passed, 1 when one failed, 3 when none failed but some were inconclusive. Called by
known-devices.sh, which built the devices.

usage: check.py RIG.json
RIG.json: {"delayMs", "slowServiceTime": {"before"|"after": service_time.py's output},
           "results": folder of the studies' results, "studies": {"<threads>": "<study stdout file>"},
           "devices": {"fast"|"slow": {"loop": "loopN", "sizeBytes", "backingFile", "backingFsType"}},
           "inCache": "<scale label>", "beyondCache": "<scale label>", "cacheMissesAreDeviceReads": optional bool}
Each check is made for every workload of the studies. A device read per operation is the engine's own
count (its engine section) where the binding reads one, else the loop device's reads (diskstats) ÷ the
operations; where the engine counts its cache misses, they must agree with those device reads.
"""
import glob
import json
import os
import re
import sys

AWAIT_TOLERANCE = 0.15
THROUGHPUT_TOLERANCE = 0.25
IN_CACHE_READS_PER_OP = 0.05  # at most this many device reads an operation: the data is in the engine's cache
MISSES_TOLERANCE = 0.10  # the engine's cache misses against the device reads the collector counted
CONTENDED_FROM = 0.1  # the report's Judge.CONTENDED_FROM: run-queue wait ÷ the operations' time
SPINNING_FROM_US = 2000  # the probe's class boundary (docs/collector.md): below it, flash or memory
# The share of the CPUs' time the hypervisor may take (steal) during the slow device's runs before its service
# time stops being the delay's: 0-2.6 % gave read awaits of 5.21-5.35 ms for 5 ms, 6.9-18.2 % gave 5.49-5.95 ms.
STOLEN_FROM = 5.0
# The report's CpuShares.STOLEN_FROM_PERCENT: from this steal on, its judge states no verdict for the comparison
JUDGE_STOLEN_FROM = 2.0


class Checks:
    def __init__(self):
        self.outcomes = []
        self.context = None  # what the checks are about (a workload), said after each line

    def check(self, holds, text, *runs, device_runs=()):
        """A PASS or FAIL line; INCONCLUSIVE instead when it failed on a run whose process waited for a CPU,
        or, for a figure set by the slow device's service time, on a run during which the CPUs that serve
        that device were saturated or partly taken by the hypervisor (device_runs)."""
        held = [c for c in runs if c and contention(c)]
        starved = [c for c in device_runs if c and starving(c)]
        outcome = "PASS" if holds else "INCONCLUSIVE" if held or starved else "FAIL"
        self.outcomes.append(outcome)
        suffix = ""
        if held and not holds:
            suffix = f" [held up by CPU in {len(held)} of the runs: {contention(held[0])}]"
        elif starved and not holds:
            suffix = (f" [{starving(starved[0])} in {len(starved)} of the slow device's runs: its service time"
                      " is the delay plus the loop driver's worker thread and the FUSE round trip, which then wait for"
                      " a CPU; the delay alone no longer sets it]")
        print(f"{outcome}  {text}{suffix}{self._about()}", flush=True)

    def info(self, text):
        print(f"INFO  {text}{self._about()}", flush=True)

    def _about(self):
        return f" [{self.context}]" if self.context else ""

    def exit_code(self):
        return 1 if "FAIL" in self.outcomes else 3 if "INCONCLUSIVE" in self.outcomes else 0


def cells(results):
    """The run cells (repetition ≥ 1) by (threads, workload, device, scale label): their repetitions' parsed results."""
    found = {}
    for path in sorted(glob.glob(os.path.join(results, "*", "*.json"))):
        with open(path) as file:
            result = json.load(file)
        study = result.get("study") or {}
        if (study.get("repetition") or 0) < 1:
            continue
        key = (study["threadcount"], study["workload"], study["device"]["name"], study["scale"]["label"])
        found.setdefault(key, []).append(result)
    return found


def wait_share(run):
    """The process's run-queue wait ÷ its operations' time (count × average service time), as the report's Judge."""
    queue = (((run.get("io") or {}).get("process") or {}).get("runQueue") or {})
    operations = ((run.get("summary") or {}).get("operations") or {}).values()
    busy = sum((o.get("count") or 0) * (o.get("averageUs") or 0) for o in operations)
    wait = number(queue.get("waitMicros"))
    return wait / busy if wait is not None and busy else None


def contention(run):
    """Why a run's timing measured CPU rather than its device, or None: the hypervisor took the host's CPUs
    (steal; the report's judge then states no verdict), its process waited for a CPU, or (not measured) the
    host's CPUs were saturated."""
    steal = number(((run.get("io") or {}).get("cpu") or {}).get("steal"))
    if steal is not None and steal >= JUDGE_STOLEN_FROM:
        return f"the hypervisor took {steal:.1f} % of the host's CPU time (steal)"
    share = wait_share(run)
    if share is not None:
        return f"its process waited for a CPU {share:.0%} of its operations' time" if share >= CONTENDED_FROM else None
    if (run.get("io") or {}).get("cpuSaturated"):
        idle = number(((run.get("io") or {}).get("cpu") or {}).get("idle"))
        return f"host CPUs saturated (idle {fmt(idle, ' %', 1)}), its process's run-queue wait unknown"
    return None


def starving(run):
    """Why the CPUs that serve the slow device (its loop worker, the FUSE daemon) were short during a run, or
    None: the host's were saturated, or the hypervisor took STOLEN_FROM % of their time or more (steal)."""
    io = run.get("io") or {}
    steal = number((io.get("cpu") or {}).get("steal"))
    if io.get("cpuSaturated"):
        return "the host's CPUs were saturated"
    if steal is not None and steal >= STOLEN_FROM:
        return f"the hypervisor took {steal:.1f} % of the host's CPU time (steal)"
    return None


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def number(value):
    return value if isinstance(value, (int, float)) else None


def fmt(value, unit="", digits=2):
    return "unknown" if value is None else f"{value:.{digits}f}{unit}"


def read_await_ms(runs, loop):
    """The repetitions' read await, weighted by their reads, and their reads."""
    devices = [((run.get("io") or {}).get("devices") or {}).get(loop) or {} for run in runs]
    pairs = [(number((d.get("average") or {}).get("r_await")), d.get("reads") or 0) for d in devices]
    reads = sum(r for _, r in pairs)
    known = [(a, r) for a, r in pairs if a is not None]
    return (sum(a * r for a, r in known) / reads if known and reads else None), reads


def device_reads_per_op(cell, loop):
    """The engine's own device reads per operation, else the loop device's reads ÷ the operations."""
    engine = number((cell.get("engine") or {}).get("deviceReadsPerOperation"))
    return engine if engine is not None else diskstats_reads_per_op(cell, loop)


def diskstats_reads_per_op(cell, loop):
    reads = (((cell.get("io") or {}).get("devices") or {}).get(loop) or {}).get("reads")
    operations = operation_count(cell)
    return reads / operations if reads is not None and operations else None


def operation_count(cell):
    return sum(o.get("count") or 0 for o in ((cell.get("summary") or {}).get("operations") or {}).values())


def cache_misses_per_op(cell):
    """The engine's cache misses per operation (RocksDB's block cache, JE's nCacheMiss), where the binding reads them."""
    misses = number(((cell.get("engine") or {}).get("counters") or {}).get("cacheMisses"))
    operations = operation_count(cell)
    return misses / operations if misses is not None and operations else None


def mix_title(workload):
    """The report's name of a workload file (its Mix.title): 'workload C' for YCSB's workloadc."""
    match = re.fullmatch(r"workload([a-z])", workload)
    return f"workload {match.group(1).upper()}" if match else workload


def verdicts(stdout_file):
    """The study's headline lines by (mix text: 'workload C uniform', scale text: '8× cache'): {"kind": difference |
    at least | no difference | none, "first", "second", "ratio" (the stated ratio, or the lower bound), "low",
    "high" (an interval), "text"}."""
    found = {}
    with open(stdout_file) as file:
        for line in file:
            match = re.search(r"headline: (no verdict: )?(\S+) vs (\S+), ([^,]+), ([^:]+): (.*)$", line.rstrip("\n"))
            if not match:
                continue
            verdict = {"first": match.group(2), "second": match.group(3), "text": match.group(6), "kind": "none",
                       "ratio": None, "low": None, "high": None}
            rest = match.group(6)
            interval = re.search(r"([0-9.,]+)–([0-9.,]+)× over", rest)
            if interval:
                verdict["low"], verdict["high"] = (float(g.replace(",", "")) for g in interval.groups())
            if match.group(1):
                pass
            elif rest.startswith("no difference measurable"):
                verdict["kind"] = "no difference"
            elif rest.startswith("at least "):
                verdict["kind"] = "at least"
                verdict["ratio"] = float(re.match(r"at least ([0-9.,]+)×", rest).group(1).replace(",", ""))
            else:
                verdict["kind"] = "difference"
                verdict["ratio"] = float(re.match(r"([0-9.,]+)× throughput", rest).group(1).replace(",", ""))
            found[(match.group(4), match.group(5))] = verdict
    return found


def stated(verdicts_by_mix, workload, scale_label):
    """The verdict of a workload at a scale label ('ratio8' → '8× …', 'ratio0_5' → '0.5× …'), or None."""
    prefix = scale_label.replace("ratio", "").replace("_", ".") + "×"
    return next((v for (mix, scale), v in verdicts_by_mix.items()
                 if mix.startswith(mix_title(workload) + " ") and scale.startswith(prefix)), None)


def main(rig_file):
    with open(rig_file) as file:
        rig = json.load(file)
    delay_ms = float(rig["delayMs"])
    timed = [rig["slowServiceTime"][when]["meanMs"] for when in ("before", "after")]
    # What the slow device serves a read in: the mean of the two timings; a figure within the tolerance of
    # either is accepted (the host's load may have changed the pass-through's cost between them).
    service_ms = sum(timed) / len(timed)
    devices = rig["devices"]
    found = cells(rig["results"])
    threads = sorted(int(t) for t in rig["studies"])
    workloads = sorted({workload for (_, workload, _, _) in found}) or ["(none)"]
    inside, beyond = rig["inCache"], rig["beyondCache"]
    checks = Checks()

    missing = set()

    def runs(t, device, scale):
        """The repetitions of a cell; an empty list (and a FAIL, once) when the study left none."""
        result = found.get((t, workload, device, scale), [])
        if not result and (t, workload, device, scale) not in missing:
            missing.add((t, workload, device, scale))
            checks.check(False, f"result of {device}, {t} thread(s), {scale}: missing in {rig['results']}")
        return result

    def throughput(reps):
        return mean(number((r.get("summary") or {}).get("throughputOpsPerSec")) for r in reps)

    def reads_per_op(reps, device):
        return mean(device_reads_per_op(r, devices[device]["loop"]) for r in reps)

    # 0. The rig: the slow device is no faster than its delay, and the pass-through's own cost is on record.
    checks.check(min(timed) >= delay_ms,
                 f"slow device service time, timed by the rig ({rig['slowServiceTime']['before']['reads']} direct 4 KiB"
                 f" reads before the studies, as many after): {timed[0]:.2f} ms and {timed[1]:.2f} ms; configured delay"
                 f" {delay_ms:g} ms, so the loop driver and the FUSE round trip add {service_ms - delay_ms:.2f} ms;"
                 " expected: at least the delay")

    for workload in workloads:
        checks.context = mix_title(workload)
        one = threads[0]
        slow_beyond, fast_beyond = runs(one, "slow", beyond), runs(one, "fast", beyond)

        # 1. The slow device's read await is its service time (one thread: no queue in front of it).
        if slow_beyond:
            await_ms, reads = read_await_ms(slow_beyond, devices["slow"]["loop"])
            low, high = min(timed) * (1 - AWAIT_TOLERANCE), max(timed) * (1 + AWAIT_TOLERANCE)
            checks.check(await_ms is not None and low <= await_ms <= high,
                         f"slow device read await: {fmt(await_ms, ' ms')} over {reads} reads in {len(slow_beyond)} runs;"
                         f" service time {timed[0]:.2f} ms before, {timed[1]:.2f} ms after the studies (delay {delay_ms:g} ms),"
                         f" accepted {low:.2f}–{high:.2f} ms ({devices['slow']['loop']}, {one} thread, {beyond})",
                         *slow_beyond, device_runs=slow_beyond)
        if fast_beyond:
            await_ms, reads = read_await_ms(fast_beyond, devices["fast"]["loop"])
            checks.info(f"fast device read await: {fmt(await_ms, ' ms', 3)} over {reads} reads"
                        f" ({devices['fast']['loop']}, RAM-backed, {one} thread, {beyond})")

        # 2. One thread beyond the cache: every device read costs the service time, so ops/s = 1 / (reads/op × it).
        if slow_beyond:
            per_op, measured = reads_per_op(slow_beyond, "slow"), throughput(slow_beyond)
            if not any(device_reads_per_op(r, None) is not None for r in slow_beyond):
                checks.info(f"slow device, {one} thread, {beyond}: device reads/op {fmt(per_op, '', 3)} by the loop"
                            " device's diskstats (the binding reads no engine counters)")
            predicted = 1000.0 / (per_op * service_ms) if per_op else None
            ok = predicted is not None and measured is not None and abs(measured - predicted) <= THROUGHPUT_TOLERANCE * predicted
            checks.check(ok, f"slow device, {one} thread, {beyond}: {fmt(measured, ' ops/s', 1)} (mean of {len(slow_beyond)});"
                             f" predicted 1 / ({fmt(per_op, '', 3)} device reads/op × {service_ms:.2f} ms) = {fmt(predicted, ' ops/s', 1)},"
                             f" accepted ±{THROUGHPUT_TOLERANCE:.0%}", *(slow_beyond if predicted else ()),
                         device_runs=slow_beyond)
            for run in slow_beyond:
                checks.info(f"slow device, {one} thread, {beyond}, repetition {run['study']['repetition']}: its process waited"
                            f" for a CPU {fmt(wait_share(run) and wait_share(run) * 100, ' %', 1)} of its operations' time;"
                            f" host CPUs saturated: {(run.get('io') or {}).get('cpuSaturated')};"
                            f" steal {fmt(number(((run.get('io') or {}).get('cpu') or {}).get('steal')), ' %', 1)}")

        # 3. In the cache the device does not matter: the study's verdict is "no difference measurable", at every
        #    thread count, with an interval that includes 1.
        for t in threads:
            fast, slow = runs(t, "fast", inside), runs(t, "slow", inside)
            verdict = stated(verdicts(rig["studies"][str(t)]), workload, inside)
            if not (fast and slow):
                continue
            ratio = throughput(fast) / throughput(slow) if throughput(fast) and throughput(slow) else None
            fast_reads, slow_reads = reads_per_op(fast, "fast"), reads_per_op(slow, "slow")
            holds = verdict is not None and verdict["kind"] == "no difference" and verdict["low"] is not None \
                and verdict["low"] <= 1 <= verdict["high"] and fast_reads is not None and slow_reads is not None \
                and max(fast_reads, slow_reads) <= IN_CACHE_READS_PER_OP
            checks.check(holds, f"in cache, {t} thread(s): the study says '{verdict['text'] if verdict else 'nothing'}';"
                                f" means fast {fmt(throughput(fast), ' ops/s', 0)} ÷ slow {fmt(throughput(slow), ' ops/s', 0)}"
                                f" = {fmt(ratio, '×')} over {len(fast)} and {len(slow)} repetitions (device reads/op:"
                                f" fast {fmt(fast_reads, '', 3)}, slow {fmt(slow_reads, '', 3)});"
                                " expected: no difference measurable, its interval including 1, at most"
                                f" {IN_CACHE_READS_PER_OP:g} device reads/op", *fast, *slow)

        # 4. Beyond the cache the study's verdict names the fast device, with the ratio the service time implies: stated
        #    as such where both sides measured their device; as a lower bound ("at least") where the fast side
        #    was held up by CPU, which must not exceed what the service time implies.
        for t in threads:
            fast, slow = runs(t, "fast", beyond), runs(t, "slow", beyond)
            if not (fast and slow):
                continue
            verdict = stated(verdicts(rig["studies"][str(t)]), workload, beyond)
            measured = throughput(fast) / throughput(slow) if throughput(fast) and throughput(slow) else None
            per_op = reads_per_op(slow, "slow")
            implied = throughput(fast) * per_op * service_ms / 1000.0 if per_op and throughput(fast) else None
            if verdict is None or verdict["ratio"] is None:
                checks.check(False, f"beyond cache, {t} thread(s): the study stated no verdict for {beyond}"
                                    f" (measured fast ÷ slow {fmt(measured, '×')}): {verdict['text'] if verdict else 'no line'}",
                             *fast, *slow)
                continue
            names_fast = verdict["first"] == "fast" and verdict["second"] == "slow"
            ratio = verdict["ratio"]
            if verdict["kind"] == "at least":
                consistent = implied is not None and measured is not None and measured >= ratio * 0.995 \
                    and ratio <= (1 + THROUGHPUT_TOLERANCE) * implied
                accepted = f"accepted: the measured ratio at least the bound, the bound at most {THROUGHPUT_TOLERANCE:.0%} above"
            else:
                consistent = implied is not None and abs(ratio - implied) <= THROUGHPUT_TOLERANCE * implied
                accepted = f"accepted ±{THROUGHPUT_TOLERANCE:.0%}"
            checks.check(names_fast and consistent,
                         f"beyond cache, {t} thread(s): the study says '{verdict['first']} vs {verdict['second']}:"
                         f" {'at least ' if verdict['kind'] == 'at least' else ''}{ratio:g}×' (measured {fmt(measured, '×')});"
                         f" the service time implies fast {fmt(throughput(fast), ' ops/s', 0)} × {fmt(per_op, '', 3)} reads/op ×"
                         f" {service_ms:.2f} ms = {fmt(implied, '×')}, {accepted}", *((*fast, *slow) if implied is not None else ()),
                         device_runs=slow)

        # 5. The device tags: each loop device named, its own size, its backing file's file system.
        for name in ("fast", "slow"):
            reps = runs(one, name, beyond)
            if not reps:
                continue
            expected = devices[name]
            entries = reps[0].get("devices") or []
            loop = next((e["loop"] for e in entries if (e.get("loop") or {}).get("name") == expected["loop"]), None)
            said = ("; ".join(f"{e.get('name')} ({e.get('type')})" for e in entries) or "no device") if loop is None else (
                f"{loop.get('name')}, {loop.get('sizeBytes')} bytes, backing file {loop.get('backingFile')} on"
                f" {loop.get('backingFsType')} ({loop.get('backingMountPoint')}, device {loop.get('backingDevice')})")
            ok = loop is not None and loop.get("sizeBytes") == expected["sizeBytes"] \
                and loop.get("backingFile") == expected["backingFile"] \
                and expected["backingFsType"] in (loop.get("backingFsType") or "") and bool(loop.get("backingDevice"))
            checks.check(ok, f"{name} device tags: expected {expected['loop']}, {expected['sizeBytes']} bytes, backing file"
                             f" {expected['backingFile']} on {expected['backingFsType']}; the result says: {said}")

        # 6. The engine's cache misses are the device's reads, where the rig asks (a page-cache engine: every miss is
        #    a file read, and its view past the page cache makes each one a device read) and the binding reads them.
        for name in ("fast", "slow") if rig.get("cacheMissesAreDeviceReads") else ():
            reps = runs(one, name, beyond)
            misses = mean(cache_misses_per_op(r) for r in reps)
            reads = mean(diskstats_reads_per_op(r, devices[name]["loop"]) for r in reps)
            if misses is None:
                checks.info(f"{name} device, {one} thread, {beyond}: the engine's cache misses are unknown (the"
                            f" binding reads no engine counters); the device read {fmt(reads, '', 3)} times an operation")
                continue
            checks.check(reads is not None and abs(misses - reads) <= MISSES_TOLERANCE * reads,
                         f"{name} device, {one} thread, {beyond}: the engine's cache misses {misses:.3f}/op, the loop"
                         f" device's reads {fmt(reads, '', 3)}/op (diskstats); accepted ±{MISSES_TOLERANCE:.0%}")

        # 7. The probe classes the slow device by its latency, or says it cannot on a contended host.
        if slow_beyond:
            probe = next((e.get("probe") for e in slow_beyond[0].get("devices") or [] if e.get("probe")), None) or {}
            medium, inconclusive, p50 = probe.get("inferredMedium"), probe.get("inconclusive"), probe.get("p50Us")
            expected = "spinning" if delay_ms * 1000 >= SPINNING_FROM_US else "flash"
            checks.check(medium == expected or (medium is None and bool(inconclusive)),
                         f"slow device probe: p50 {fmt(p50 and p50 / 1000.0, ' ms')}, class {medium or inconclusive or 'none'};"
                         f" expected {expected} for a {delay_ms:g} ms delay, or inconclusive on a contended host")

    print(f"known-devices: {checks.outcomes.count('PASS')} of {len(checks.outcomes)} checks passed,"
          f" {checks.outcomes.count('FAIL')} failed, {checks.outcomes.count('INCONCLUSIVE')} inconclusive", flush=True)
    return checks.exit_code()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
