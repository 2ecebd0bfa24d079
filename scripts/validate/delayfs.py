#!/usr/bin/python3
"""A pass-through FUSE file system whose every read and write sleeps a fixed time first.

A file on it, used as the backing file of a loop device with direct I/O, makes a block device with a
known service time per request: the validation rig's slow device (known-devices.sh).

usage: delayfs.py SOURCE_DIR MOUNT_POINT DELAY_MS
Runs in the foreground until unmounted (fusermount3 -u MOUNT_POINT). Needs python3-fusepy.
"""
import os
import sys
import time

try:
    from fusepy import FUSE, Operations  # Debian's python3-fusepy
except ImportError:
    from fuse import FUSE, Operations  # pip's fusepy


class DelayFs(Operations):
    def __init__(self, root, delay_seconds):
        self.root = root
        self.delay = delay_seconds

    def _path(self, path):
        return os.path.join(self.root, path.lstrip("/"))

    def getattr(self, path, fh=None):
        st = os.lstat(self._path(path))
        return {key: getattr(st, key) for key in (
            "st_mode", "st_nlink", "st_uid", "st_gid", "st_size", "st_atime", "st_mtime", "st_ctime")}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._path(path))

    def open(self, path, flags):
        # O_DIRECT is the loop driver's; the file below is read through its own cache, which is the
        # point: the delay, not the disk under /tmp, is the device's service time.
        return os.open(self._path(path), flags & ~os.O_DIRECT)

    def create(self, path, mode, fi=None):
        return os.open(self._path(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)

    def read(self, path, size, offset, fh):
        time.sleep(self.delay)
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        time.sleep(self.delay)
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        os.truncate(self._path(path), length)

    def fsync(self, path, datasync, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)

    def unlink(self, path):
        os.unlink(self._path(path))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    source, mount_point, delay_ms = sys.argv[1], sys.argv[2], float(sys.argv[3])
    # direct_io: no page cache above the delay either. Multithreaded: concurrent requests (several
    # YCSB threads) each take the delay, like a device that serves them in parallel.
    FUSE(DelayFs(source, delay_ms / 1000.0), mount_point, foreground=True, direct_io=True)
