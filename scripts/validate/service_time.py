#!/usr/bin/python3
"""Times a block device's reads with a clock of its own: COUNT direct (O_DIRECT) 4 KiB reads at random
aligned offsets, one at a time, each timed around its system call. The validation rig's independent
measure of what its slow device actually serves (the delay plus the loop driver and the FUSE round trip),
against which it checks the tool's figures. Only reads: safe on a device with a mounted file system.

usage: service_time.py DEVICE COUNT
Prints one JSON object: {"device", "reads", "meanMs", "p50Ms", "p99Ms"}.
"""
import json
import mmap
import os
import random
import sys
import time

BLOCK = 4096


def main(device, count):
    fd = os.open(device, os.O_RDONLY | os.O_DIRECT)
    try:
        blocks = os.lseek(fd, 0, os.SEEK_END) // BLOCK
        buffer = mmap.mmap(-1, BLOCK)  # page-aligned, as O_DIRECT requires
        times = []
        for _ in range(count):
            offset = random.randrange(blocks) * BLOCK
            start = time.perf_counter()
            os.preadv(fd, [buffer], offset)
            times.append((time.perf_counter() - start) * 1000.0)
    finally:
        os.close(fd)
    times.sort()
    print(json.dumps({"device": device, "reads": count, "meanMs": round(sum(times) / count, 3),
                      "p50Ms": round(times[count // 2], 3), "p99Ms": round(times[min(count - 1, count * 99 // 100)], 3)}))


if __name__ == "__main__":
    if len(sys.argv) != 3 or not sys.argv[2].isdigit() or int(sys.argv[2]) < 1:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]))
