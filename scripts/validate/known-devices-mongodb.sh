#!/usr/bin/env bash
# Validation rig for the MongoDB wire path on a disk-backed server: the `mongodb` binding against
# mongo-java-server's H2 backend (scripts/mongodb/h2-server.sh: one MVStore file, its 16 MiB page cache
# the server's only cache) on the two devices of rig.sh, with no page cache between the server and the
# device, and the checks of check.py on what the study scripts/mongodb/known-devices.properties finds.
# Not MongoDB: the server is the one disk-backed MongoDB-wire server that runs here without a download.
# The devices (rig.sh): fast, ext4 on a loop device with direct I/O over a file in /dev/shm; slow, the
# same over a file on delayfs.py, a FUSE pass-through whose every read and write sleeps DELAY ms
# (default 5), its service time timed by the rig itself before and after the study. Each device's ext4
# is also seen through delayfs.py without a delay, mounted with direct_io and reading the ext4 with
# O_DIRECT: the server's store file is opened there, so every read the MVStore's cache misses is a read of
# the device. One server at a time, in a JVM of its own.
#
# usage: known-devices-mongodb.sh [--delay-ms N] [--seconds N] [--results DIR] [--ycsb-home DIR]
#        --results DIR keeps the study's file, results and report there (a new folder)
#        known-devices-mongodb.sh --prerequisites   (only say what this host lacks: exit 0 when nothing)
# Needs root, losetup, mkfs.ext4, /dev/fuse, fusermount3 and python3-fusepy. Everything it makes lives in
# one `mktemp -d` folder in /dev/shm and is stopped, unmounted, detached and removed on every exit path;
# it touches no device it did not create.
# Exit: 0 every check held, 1 a check failed or a step did not complete, 2 bad usage or a missing
# prerequisite (named), 3 no check failed but timing checks were inconclusive (saturated host CPUs).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
rig_name=known-devices-mongodb.sh
rig_size_mb=8192  # sparse files: only what is written takes memory. The MVStore appends a chunk per
# commit and reuses space late: loading 8x its 16 MiB cache grew its file past 960 MB
rig_server=$here/../mongodb/h2-server.sh
rig_server_pidfile=server.pid
# shellcheck source=rig.sh
. "$here/rig.sh"

mkdir -p "$work/fast/mongo" "$work/slow/mongo"
direct_study mongodb "$here/../mongodb/known-devices.properties"
