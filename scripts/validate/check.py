#!/usr/bin/python3
"""The validation rig's checks: what a study on two devices of known behaviour found, against what the
configured delay implies. Prints one PASS/FAIL line per check with both numbers; a check of a timing
whose cell ran on saturated CPUs (io.cpuSaturated: other work held the host) is INCONCLUSIVE with that
reason instead, since then the figure measured the host's CPU queue, not the device. Exits 0 when every
check passed, 1 when one failed, 3 when none failed but some were inconclusive. Called by
known-devices.sh, which built the devices.

usage: check.py RIG.json
RIG.json: {"delayMs", "results": folder of the studies' results, "studies": {"<threads>": "<study stdout file>"},
           "devices": {"fast"|"slow": {"loop": "loopN", "sizeBytes", "backingFile", "backingFsType"}},
           "inCache": "<scale label>", "beyondCache": "<scale label>"}
"""
import glob
import json
import os
import re
import sys

AWAIT_TOLERANCE = 0.15
THROUGHPUT_TOLERANCE = 0.25
NO_DIFFERENCE_BAND = (0.8, 1.25)  # until the verdict states its own band
SPINNING_FROM_US = 2000  # the probe's class boundary (docs/collector.md): below it, flash or memory


class Checks:
    def __init__(self):
        self.outcomes = []

    def check(self, holds, text, *contended_cells):
        """A PASS or FAIL line; INCONCLUSIVE instead when it failed on a cell that ran on saturated CPUs."""
        saturated = [c for c in contended_cells if c and (c.get("io") or {}).get("cpuSaturated")]
        outcome = "PASS" if holds else "INCONCLUSIVE" if saturated else "FAIL"
        self.outcomes.append(outcome)
        suffix = ""
        if saturated:
            cpu = (saturated[0].get("io") or {}).get("cpu") or {}
            suffix = f" [host CPUs saturated in {len(saturated)} of the cells: idle {fmt(number(cpu.get('idle')), ' %', 1)}]"
        print(f"{outcome}  {text}{suffix}", flush=True)

    def info(self, text):
        print("INFO  " + text, flush=True)

    def exit_code(self):
        return 1 if "FAIL" in self.outcomes else 3 if "INCONCLUSIVE" in self.outcomes else 0


def cells(results):
    """The run cells (repetition ≥ 1) by (threads, device, scale label): their parsed results."""
    found = {}
    for path in glob.glob(os.path.join(results, "*", "*.json")):
        with open(path) as file:
            result = json.load(file)
        study = result.get("study") or {}
        if (study.get("repetition") or 0) < 1:
            continue
        key = (study["threadcount"], study["device"]["name"], study["scale"]["label"])
        found[key] = result
    return found


def number(value):
    return value if isinstance(value, (int, float)) else None


def fmt(value, unit="", digits=2):
    return "unknown" if value is None else f"{value:.{digits}f}{unit}"


def throughput(cell):
    return number((cell.get("summary") or {}).get("throughputOpsPerSec"))


def read_await_ms(cell, loop):
    device = ((cell.get("io") or {}).get("devices") or {}).get(loop) or {}
    return number((device.get("average") or {}).get("r_await")), device.get("reads")


def device_reads_per_op(cell):
    return number((cell.get("engine") or {}).get("deviceReadsPerOperation"))


def diskstats_reads_per_op(cell, loop):
    reads = (((cell.get("io") or {}).get("devices") or {}).get(loop) or {}).get("reads")
    operations = ((cell.get("summary") or {}).get("operations") or {}).get("READ", {}).get("count")
    return reads / operations if reads is not None and operations else None


def headline_ratios(stdout_file):
    """The study's verdicts, 'fast vs slow, workload C uniform, 8× cache: 12.3× throughput (…)':
    {(first, second, scale text): ratio}; a comparison without a verdict states no ratio."""
    ratios = {}
    with open(stdout_file) as file:
        for line in file:
            match = re.search(r"(\S+) vs (\S+), [^,]+, ([^:]+): ([0-9.,]+)× throughput", line)
            if match:
                ratios[(match.group(1), match.group(2), match.group(3))] = float(match.group(4).replace(",", ""))
    return ratios


def main(rig_file):
    with open(rig_file) as file:
        rig = json.load(file)
    delay_ms = float(rig["delayMs"])
    devices = rig["devices"]
    found = cells(rig["results"])
    threads = sorted(int(t) for t in rig["studies"])
    inside, beyond = rig["inCache"], rig["beyondCache"]
    checks = Checks()

    missing = set()

    def cell(t, device, scale):
        result = found.get((t, device, scale))
        if result is None and (t, device, scale) not in missing:
            missing.add((t, device, scale))
            checks.check(False, f"result of {device}, {t} thread(s), {scale}: missing in {rig['results']}")
        return result

    one = threads[0]
    slow_beyond, fast_beyond = cell(one, "slow", beyond), cell(one, "fast", beyond)

    # 1. The slow device's read await is the delay (one thread: no queue in front of it).
    if slow_beyond:
        await_ms, reads = read_await_ms(slow_beyond, devices["slow"]["loop"])
        low, high = delay_ms * (1 - AWAIT_TOLERANCE), delay_ms * (1 + AWAIT_TOLERANCE)
        checks.check(await_ms is not None and low <= await_ms <= high,
                     f"slow device read await: {fmt(await_ms, ' ms')} over {reads} reads; configured delay {delay_ms:g} ms,"
                     f" accepted {low:.2f}–{high:.2f} ms ({devices['slow']['loop']}, {one} thread, {beyond})", slow_beyond)
    if fast_beyond:
        await_ms, reads = read_await_ms(fast_beyond, devices["fast"]["loop"])
        checks.info(f"fast device read await: {fmt(await_ms, ' ms', 3)} over {reads} reads"
                    f" ({devices['fast']['loop']}, RAM-backed, {one} thread, {beyond})")

    # 2. One thread beyond the cache: every device read costs the delay, so ops/s = 1 / (reads/op × delay).
    predicted_slow = None
    if slow_beyond:
        per_op, measured = device_reads_per_op(slow_beyond), throughput(slow_beyond)
        if per_op is None:
            checks.info(f"slow device, {one} thread, {beyond}: {fmt(diskstats_reads_per_op(slow_beyond, devices['slow']['loop']), '', 3)}"
                        " device reads/op by the loop device's diskstats (the engine section is missing)")
        if per_op:
            predicted_slow = 1000.0 / (per_op * delay_ms)
        ok = predicted_slow is not None and measured is not None \
            and abs(measured - predicted_slow) <= THROUGHPUT_TOLERANCE * predicted_slow
        checks.check(ok, f"slow device, {one} thread, {beyond}: {fmt(measured, ' ops/s', 1)}; predicted"
                         f" 1 / ({fmt(per_op, '', 3)} device reads/op × {delay_ms:g} ms) = {fmt(predicted_slow, ' ops/s', 1)},"
                         f" accepted ±{THROUGHPUT_TOLERANCE:.0%}", slow_beyond if ok or predicted_slow else None)

    # 3. In the cache the device does not matter: no difference, at every thread count.
    for t in threads:
        fast, slow = cell(t, "fast", inside), cell(t, "slow", inside)
        if fast and slow:
            ratio = throughput(fast) / throughput(slow) if throughput(fast) and throughput(slow) else None
            low, high = NO_DIFFERENCE_BAND
            checks.check(ratio is not None and low <= ratio <= high,
                         f"in cache, {t} thread(s): fast {fmt(throughput(fast), ' ops/s', 0)} ÷ slow"
                         f" {fmt(throughput(slow), ' ops/s', 0)} = {fmt(ratio, '×')}; no-difference band {low}–{high}"
                         f" (device reads/op: fast {fmt(device_reads_per_op(fast), '', 3)},"
                         f" slow {fmt(device_reads_per_op(slow), '', 3)})", fast, slow)

    # 4. Beyond the cache the study's verdict names the fast device, with the ratio the delay implies.
    for t in threads:
        fast, slow = cell(t, "fast", beyond), cell(t, "slow", beyond)
        ratios = headline_ratios(rig["studies"][str(t)])
        stated = [(key, value) for key, value in ratios.items() if key[2].startswith(beyond.replace("ratio", "") + "×")]
        if not (fast and slow):
            continue
        measured = throughput(fast) / throughput(slow) if throughput(fast) and throughput(slow) else None
        per_op = device_reads_per_op(slow)
        implied = throughput(fast) * per_op * delay_ms / 1000.0 if per_op and throughput(fast) else None
        if not stated:
            checks.check(False, f"beyond cache, {t} thread(s): the study stated no verdict for {beyond}"
                                f" (measured fast ÷ slow {fmt(measured, '×')})", fast, slow)
            continue
        (first, second, scale_text), ratio = stated[0]
        names_fast = first == "fast" and second == "slow"
        consistent = implied is not None and abs(ratio - implied) <= THROUGHPUT_TOLERANCE * implied
        checks.check(names_fast and consistent,
                     f"beyond cache, {t} thread(s): the study says '{first} vs {second}, {scale_text}: {ratio:g}×'"
                     f" (measured {fmt(measured, '×')}); the delay implies fast {fmt(throughput(fast), ' ops/s', 0)}"
                     f" × {fmt(per_op, '', 3)} reads/op × {delay_ms:g} ms = {fmt(implied, '×')}, accepted ±{THROUGHPUT_TOLERANCE:.0%}",
                     *((fast, slow) if implied is not None else ()))

    # 5. The device tags: each loop device named, its own size, its backing file's file system.
    for name in ("fast", "slow"):
        result = cell(one, name, beyond)
        if not result:
            continue
        expected = devices[name]
        entries = result.get("devices") or []
        loop = next((e["loop"] for e in entries if (e.get("loop") or {}).get("name") == expected["loop"]), None)
        said = ("; ".join(f"{e.get('name')} ({e.get('type')})" for e in entries) or "no device") if loop is None else (
            f"{loop.get('name')}, {loop.get('sizeBytes')} bytes, backing file {loop.get('backingFile')} on"
            f" {loop.get('backingFsType')} ({loop.get('backingMountPoint')}, device {loop.get('backingDevice')})")
        ok = loop is not None and loop.get("sizeBytes") == expected["sizeBytes"] \
            and loop.get("backingFile") == expected["backingFile"] \
            and expected["backingFsType"] in (loop.get("backingFsType") or "") and bool(loop.get("backingDevice"))
        checks.check(ok, f"{name} device tags: expected {expected['loop']}, {expected['sizeBytes']} bytes, backing file"
                         f" {expected['backingFile']} on {expected['backingFsType']}; the result says: {said}")

    # 6. The probe classes the slow device by its latency, or says it cannot on a contended host.
    if slow_beyond:
        probe = next((e.get("probe") for e in slow_beyond.get("devices") or [] if e.get("probe")), None) or {}
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
