package io.github.ycsbstorage.collector.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The mounts of {@code /proc/self/mountinfo} (format: proc(5)), and which one holds a path.
 * Immutable and thread-safe.
 */
public final class MountTable {
  private final List<Mount> mounts;

  public MountTable(List<Mount> mounts) {
    this.mounts = List.copyOf(mounts);
  }

  /** Parses mountinfo text; malformed lines are skipped. */
  public static MountTable parse(String mountinfo) {
    var mounts = new ArrayList<Mount>();
    for (var line : mountinfo.split("\n")) {
      parseLine(line).ifPresent(mounts::add);
    }
    return new MountTable(mounts);
  }

  static Optional<Mount> parseLine(String line) {
    // id parent major:minor root mount-point options [optional fields...] - fstype source super-options
    var fields = line.trim().split(" ");
    int separator = -1;
    for (int i = 6; i < fields.length; i++) {
      if (fields[i].equals("-")) {
        separator = i;
        break;
      }
    }
    if (fields.length < 7 || separator < 0 || separator + 2 >= fields.length) {
      return Optional.empty();
    }
    var numbers = fields[2].split(":");
    if (numbers.length != 2) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Mount(Integer.parseInt(numbers[0]), Integer.parseInt(numbers[1]),
          unescape(fields[4]), unescape(fields[separator + 1]), unescape(fields[separator + 2]),
          fields[5], separator + 3 < fields.length ? unescape(fields[separator + 3]) : ""));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Decodes the kernel's octal escapes for space, tab, newline and backslash. */
  static String unescape(String field) {
    if (field.indexOf('\\') < 0) {
      return field;
    }
    var out = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '\\' && isOctal(field, i + 1)) {
        out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean isOctal(String s, int from) {
    if (from + 3 > s.length()) {
      return false;
    }
    for (int i = from; i < from + 3; i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '7') {
        return false;
      }
    }
    return true;
  }

  public List<Mount> mounts() {
    return mounts;
  }

  /**
   * The mount holding an absolute, normalised path: the longest matching mount point, and among
   * mounts on the same point the last one (it hides the earlier ones).
   */
  public Optional<Mount> mountOf(String path) {
    Mount best = null;
    for (var mount : mounts) {
      if (mount.contains(path)
          && (best == null || mount.mountPoint().length() >= best.mountPoint().length())) {
        best = mount;
      }
    }
    return Optional.ofNullable(best);
  }
}
