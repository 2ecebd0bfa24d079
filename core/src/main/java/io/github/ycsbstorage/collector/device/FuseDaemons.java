package io.github.ycsbstorage.collector.device;

import io.github.ycsbstorage.collector.host.HostFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * The FUSE daemons that read a device on a server's behalf. A FUSE file system has no block device:
 * the kernel counts the device reads behind it in its daemon's {@code /proc/<pid>/io}, never in the
 * reading process's, so a server whose files are on FUSE (a pass-through, sshfs, a cloud volume's
 * agent) would seem to read nothing while its device worked. The mounts are those of the files the
 * server holds open ({@code /proc/<pid>/fd}, in its own {@code mountinfo}); a mount's daemon is the one
 * process holding {@code /dev/fuse} open whose command line names the mount point (libfuse daemons take
 * it as an argument). Stateless.
 */
public final class FuseDaemons {
  private static final String DEV_FUSE = "/dev/fuse";

  private FuseDaemons() {
  }

  /** A daemon found for a mount, or the reason none could be told. */
  public record Daemon(String mountPoint, Optional<Long> pid, String description) {
  }

  /**
   * The FUSE mounts holding files {@code pid} has open, each with its daemon where one process is
   * it; empty when it has none open on FUSE, or its {@code fd} folder is not readable.
   */
  public static List<Daemon> of(HostFiles files, long pid) {
    var mountinfo = files.read("/proc/" + pid + "/mountinfo");
    if (mountinfo.isEmpty()) {
      return List.of();
    }
    var table = MountTable.parse(mountinfo.get());
    var fuseMounts = new LinkedHashSet<String>();
    for (var target : openFiles(files, pid)) {
      table.mountOf(target).filter(FuseDaemons::isFuse).ifPresent(mount -> fuseMounts.add(mount.mountPoint()));
    }
    if (fuseMounts.isEmpty()) {
      return List.of();
    }
    var holders = files.list("/proc").stream().filter(name -> name.chars().allMatch(Character::isDigit))
        .filter(name -> Long.parseLong(name) != pid)
        .filter(name -> openFiles(files, Long.parseLong(name)).contains(DEV_FUSE)).toList();
    var daemons = new ArrayList<Daemon>();
    for (var mountPoint : fuseMounts) {
      var named = holders.stream().filter(holder -> arguments(files, holder).contains(mountPoint)).toList();
      daemons.add(named.size() == 1
          ? new Daemon(mountPoint, Optional.of(Long.parseLong(named.get(0))), "pid " + named.get(0) + " ("
              + files.attribute("/proc/" + named.get(0) + "/comm").orElse("?") + "), the FUSE daemon of " + mountPoint)
          : new Daemon(mountPoint, Optional.empty(), "the FUSE file system at " + mountPoint + " holds the server's"
              + " files, and its daemon could not be told (" + named.size() + " processes holding " + DEV_FUSE
              + " name it): the device reads behind it are not attributed to the server"));
    }
    return daemons;
  }

  private static boolean isFuse(Mount mount) {
    return mount.fsType().equals("fuse") || mount.fsType().startsWith("fuse.") || mount.fsType().equals("fuseblk");
  }

  /** Where a process's file descriptors point; empty when its {@code fd} folder is not readable. */
  private static List<String> openFiles(HostFiles files, long pid) {
    var targets = new ArrayList<String>();
    for (var fd : files.list("/proc/" + pid + "/fd")) {
      try {
        var target = Files.readSymbolicLink(files.path("/proc/" + pid + "/fd/" + fd)).toString();
        if (target.startsWith("/")) { // not socket:[…], pipe:[…] or anon_inode:…
          targets.add(target.endsWith(" (deleted)") ? target.substring(0, target.length() - 10) : target);
        }
      } catch (IOException | RuntimeException e) {
        // closed meanwhile
      }
    }
    return targets;
  }

  /** A process's arguments as absolute, normalised paths (relative ones against its working folder). */
  private static List<String> arguments(HostFiles files, String pid) {
    var cmdline = files.read("/proc/" + pid + "/cmdline").orElse("");
    Optional<Path> cwd;
    try {
      cwd = Optional.of(Files.readSymbolicLink(files.path("/proc/" + pid + "/cwd")));
    } catch (IOException | RuntimeException e) {
      cwd = Optional.empty();
    }
    var arguments = new ArrayList<String>();
    for (var argument : cmdline.split("\0")) {
      if (argument.isEmpty() || argument.startsWith("-")) {
        continue;
      }
      try {
        var path = Path.of(argument);
        if (path.isAbsolute()) {
          arguments.add(path.normalize().toString());
        } else {
          cwd.ifPresent(folder -> arguments.add(folder.resolve(path).normalize().toString()));
        }
      } catch (RuntimeException e) {
        // not a path
      }
    }
    return arguments;
  }
}
