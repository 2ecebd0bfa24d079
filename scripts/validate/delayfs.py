#!/usr/bin/python3
"""A pass-through FUSE file system, mounted with direct_io, whose every read and write sleeps a fixed time
first. It serves the validation rig (known-devices.sh) in two roles:

- the slow device's backing: a file on it (DELAY_MS > 0), used as the backing file of a loop device with
  direct I/O, makes a block device with a known service time per request;
- the no-page-cache view of a device (DELAY_MS 0, --direct-reads): a page-cache engine's (Berkeley DB
  JE's) data directory seen through it reaches the block device below on every read: direct_io keeps
  the kernel from caching its pages, and its own reads of SOURCE_DIR are O_DIRECT, so the page cache of
  the file system below holds none either. The engine's own cache is then its only cache.

Complete enough for an engine's environment: directories, rename, unlink, links, fsync, truncate, statfs
(JE checks free space); locks are left to the kernel (no lock operation: FUSE then locks locally).

usage: delayfs.py SOURCE_DIR MOUNT_POINT DELAY_MS [--direct-reads]
Runs in the foreground until unmounted (fusermount3 -u MOUNT_POINT). Needs python3-fusepy.
"""
import errno
import mmap
import os
import sys
import time

try:
    from fusepy import FUSE, FuseOSError, Operations  # Debian's python3-fusepy
except ImportError:
    from fuse import FUSE, FuseOSError, Operations  # pip's fusepy

BLOCK = 4096  # O_DIRECT's alignment of offset, length and buffer on the rig's ext4


def errors_as_fuse(method):
    """An OSError of the file below becomes the same errno for the caller, not fusepy's generic EFAULT."""
    def wrapped(*args):
        try:
            return method(*args)
        except OSError as e:
            raise FuseOSError(e.errno or errno.EIO) from e
    return wrapped


class DelayFs(Operations):
    use_ns = True

    def __init__(self, root, delay_seconds, direct_reads):
        self.root = root
        self.delay = delay_seconds
        self.direct_reads = direct_reads
        self.direct = {}  # fh -> an O_DIRECT descriptor of the same file (direct_reads)

    def __call__(self, op, *args):
        return errors_as_fuse(super().__call__)(op, *args)

    def _path(self, path):
        return os.path.join(self.root, path.lstrip("/"))

    def _sleep(self):
        if self.delay:
            time.sleep(self.delay)

    def _opened(self, fd, path, flags):
        if self.direct_reads and (flags & os.O_ACCMODE) != os.O_WRONLY:
            self.direct[fd] = os.open(self._path(path), os.O_RDONLY | os.O_DIRECT)
        return fd

    def getattr(self, path, fh=None):
        st = os.lstat(self._path(path))
        attrs = {key: getattr(st, key) for key in (
            "st_mode", "st_nlink", "st_uid", "st_gid", "st_size", "st_blocks", "st_atime_ns", "st_mtime_ns",
            "st_ctime_ns")}
        return {key.removesuffix("_ns"): value for key, value in attrs.items()}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._path(path))

    def readlink(self, path):
        return os.readlink(self._path(path))

    def statfs(self, path):
        st = os.statvfs(self._path(path))
        return {key: getattr(st, key) for key in (
            "f_bsize", "f_frsize", "f_blocks", "f_bfree", "f_bavail", "f_files", "f_ffree", "f_favail", "f_flag",
            "f_namemax")}

    def access(self, path, amode):
        if not os.access(self._path(path), amode):
            raise FuseOSError(errno.EACCES)

    def mkdir(self, path, mode):
        os.mkdir(self._path(path), mode)

    def rmdir(self, path):
        os.rmdir(self._path(path))

    def rename(self, old, new):
        os.rename(self._path(old), self._path(new))

    def link(self, target, source):
        os.link(self._path(source), self._path(target))

    def symlink(self, target, source):
        os.symlink(source, self._path(target))

    def unlink(self, path):
        os.unlink(self._path(path))

    def chmod(self, path, mode):
        os.chmod(self._path(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self._path(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._path(path), ns=times)

    def open(self, path, flags):
        # O_DIRECT is the loop driver's; the file below is read through its own cache, which is the
        # point for the slow device's backing: the delay, not the disk under it, is the service time.
        return self._opened(os.open(self._path(path), flags & ~os.O_DIRECT), path, flags)

    def create(self, path, mode, fi=None):
        return self._opened(os.open(self._path(path), os.O_RDWR | os.O_CREAT | os.O_TRUNC, mode), path, os.O_RDWR)

    def read(self, path, size, offset, fh):
        self._sleep()
        direct = self.direct.get(fh)
        if direct is None:
            return os.pread(fh, size, offset)
        # The aligned blocks that cover the request, read past the page cache; a short read at the end of
        # the file is the file's end.
        start = offset - offset % BLOCK
        length = -(-(offset + size - start) // BLOCK) * BLOCK
        buffer = mmap.mmap(-1, length)
        try:
            got = os.preadv(direct, [buffer], start)
            return buffer[offset - start:max(offset - start, min(got, offset - start + size))]
        finally:
            buffer.close()

    def write(self, path, data, offset, fh):
        self._sleep()
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        if fh is None:
            os.truncate(self._path(path), length)
        else:
            os.ftruncate(fh, length)

    def flush(self, path, fh):
        return 0

    def fsync(self, path, datasync, fh):
        # The slow device's backing is volatile by design (the loop device's flushes must not add
        # the disk below to its service time); the engine's view passes its syncs on to the device.
        if self.direct_reads:
            (os.fdatasync if datasync else os.fsync)(fh)
        return 0

    def release(self, path, fh):
        direct = self.direct.pop(fh, None)
        if direct is not None:
            os.close(direct)
        os.close(fh)


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--direct-reads"]
    if len(arguments) != 3:
        sys.exit(__doc__)
    source, mount_point, delay_ms = arguments[0], arguments[1], float(arguments[2])
    # direct_io: no page cache above the delay either. Multithreaded: concurrent requests (several
    # YCSB threads) each take the delay, like a device that serves them in parallel.
    FUSE(DelayFs(source, delay_ms / 1000.0, "--direct-reads" in sys.argv[1:]), mount_point, foreground=True,
         direct_io=True)
