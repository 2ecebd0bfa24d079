#!/usr/bin/python3
"""The A/A run's check (equal-devices.sh): two devices built the same way make no difference, so every
comparison whose verdict names one (`N× throughput`, `at least N×`) is a false verdict. Prints one line per
comparison (FALSE, EQUAL for "no difference measurable", NONE for "no verdict" with its reason), then the
counts in and beyond the cache, and how many intervals excluded 1 (a difference the verdict rule had to
withhold). Exits 0 with at most one false verdict (the rule allows 1 in 100: 20 comparisons then show
two or more only 1.7 % of the time), 1 with more, 3 with none but fewer than MIN_JUDGED comparisons
judged (the others "no verdict" for the host's reasons, which tests nothing).

usage: check_equal.py STUDY_STDOUT...
"""
import re
import sys

from check import verdicts

MIN_JUDGED = 20
ALLOWED_FALSE = 1


def in_cache(scale):
    """Whether a comparison's scale text ('0.25× cache', '8× cache') names a dataset inside the cache."""
    return float(re.match(r"([0-9.]+)×", scale).group(1)) < 1


def main(outputs):
    counts = {"FALSE": 0, "EQUAL": 0, "NONE": 0}
    excluded, total = 0, 0
    where = {True: [0, 0], False: [0, 0]}  # in the cache: [comparisons, false verdicts]
    for output in outputs:
        for (mix, scale), verdict in verdicts(output).items():
            total += 1
            outcome = {"difference": "FALSE", "at least": "FALSE", "no difference": "EQUAL"}.get(verdict["kind"], "NONE")
            counts[outcome] += 1
            inside = in_cache(scale)
            where[inside][0] += 1
            where[inside][1] += outcome == "FALSE"
            low, high = verdict["low"], verdict["high"]
            excludes = low is not None and (low > 1 or high < 1)
            excluded += excludes
            print(f"{outcome:5}  {verdict['first']} vs {verdict['second']}, {mix}, {scale}: {verdict['text']}"
                  f"{'  [its interval excludes 1]' if excludes else ''}  ({output})", flush=True)
    judged = counts["FALSE"] + counts["EQUAL"]
    print(f"equal-devices: {total} comparisons of two equal devices ({where[True][0]} in the cache, {where[False][0]}"
          f" beyond it): {counts['FALSE']} false verdicts ({where[True][1]} in the cache, {where[False][1]} beyond),"
          f" {counts['EQUAL']} no difference measurable, {counts['NONE']} no verdict; {excluded} intervals excluded 1",
          flush=True)
    if counts["FALSE"] > ALLOWED_FALSE:
        return 1
    return 3 if judged < MIN_JUDGED else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
