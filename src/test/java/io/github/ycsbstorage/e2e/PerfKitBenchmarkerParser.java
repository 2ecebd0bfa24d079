package io.github.ycsbstorage.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * PerfKitBenchmarker's rule for YCSB's text output ({@code ParseResults} in
 * {@code perfkitbenchmarker/linux_packages/ycsb_stats.py}), restated in Java from its documented
 * behaviour so that a test can hold our real output to it. Its steps:
 * <ol>
 * <li>The input is stderr followed by stdout. Each line is stripped. Up to the first line that starts
 * with {@code [OVERALL]} it keeps the last {@code Command line:} line, and every line that holds
 * {@code <n> sec: <n> operations; <x> current ops/sec} is a status line: each {@code [NAME: k=v, k=v]}
 * group in it must split on {@code ", "} into pairs, each pair on {@code '='} into exactly two parts,
 * and each value must be empty or a Python float. No {@code [OVERALL]} line at all fails the parse.</li>
 * <li>From {@code [OVERALL]} on, only lines matching {@code ^\[[A-Z]+\]} are read, as CSV; each must
 * have exactly three fields, and the third (stripped) is read as a Python float when it holds a '.'
 * or "nan" (any case), else as a Python int. Anything else raises and the benchmark run fails.</li>
 * <li>The stage is "load" when the kept command line ends with {@code -load}, else "run".</li>
 * </ol>
 * Stricter than PerfKitBenchmarker in one way only: no underscores in numbers (Python accepts
 * {@code 1_000}; we never print it).
 */
final class PerfKitBenchmarkerParser {
  private static final Pattern STATUS = Pattern.compile("(\\d+) sec: \\d+ operations; (\\d+(\\.\\d+)?) current ops/sec");
  private static final Pattern STATUS_GROUP = Pattern.compile("\\[(.+?): (.+?)\\]");
  private static final Pattern SUMMARY_LINE = Pattern.compile("^\\[[A-Z]+\\]");
  /** Python's {@code int()} of a stripped string, underscores aside. */
  private static final Pattern PYTHON_INT = Pattern.compile("[+-]?\\d+");
  /** Python's {@code float()} of a stripped string, underscores aside (no Java suffixes, no hex). */
  private static final Pattern PYTHON_FLOAT = Pattern.compile(
      "[+-]?((\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|(?i:nan|inf|infinity))");

  private PerfKitBenchmarkerParser() {
  }

  /**
   * What PerfKitBenchmarker took from one YCSB output.
   *
   * @param stage       "load" or "run"
   * @param commandLine the {@code Command line:} line it kept ("unknown" when none)
   * @param groups      group (lower case, as it names them) → statistic → value, in output order
   * @param statusLines how many status lines it parsed
   */
  record Parsed(String stage, String commandLine, Map<String, Map<String, Number>> groups, int statusLines) {
  }

  /** Parses as PerfKitBenchmarker does, or throws {@link IllegalArgumentException} where it would raise. */
  static Parsed parse(String stderr, String stdout) {
    var lines = (stderr + stdout).split("\n", -1);
    var commandLine = "unknown";
    int statusLines = 0;
    int line = 0;
    while (line < lines.length && !lines[line].strip().startsWith("[OVERALL]")) {
      var text = lines[line].strip();
      if (text.startsWith("Command line:")) {
        commandLine = text;
      }
      if (STATUS.matcher(text).find()) {
        statusLine(text);
        statusLines++;
      }
      line++;
    }
    if (line == lines.length) {
      throw new IllegalArgumentException("Could not parse YCSB output: no [OVERALL] line");
    }
    var groups = new LinkedHashMap<String, Map<String, Number>>();
    for (; line < lines.length; line++) {
      if (!SUMMARY_LINE.matcher(lines[line]).find()) {
        continue;
      }
      var fields = csv(lines[line]);
      if (fields.size() != 3) {
        throw new IllegalArgumentException("not three CSV fields (Python unpacks _, name, val): " + lines[line]);
      }
      var name = fields.get(1).strip();
      if (name.startsWith(">")) {
        name = name.substring(1);
      }
      var group = fields.get(0);
      groups.computeIfAbsent(group.substring(1, group.length() - 1).toLowerCase(java.util.Locale.ROOT),
          k -> new LinkedHashMap<>()).put(name, number(fields.get(2).strip(), lines[line]));
    }
    return new Parsed(commandLine.endsWith("-load") ? "load" : "run", commandLine, groups, statusLines);
  }

  private static void statusLine(String text) {
    var group = STATUS_GROUP.matcher(text);
    while (group.find()) {
      for (var pair : group.group(2).split(", ", -1)) {
        var parts = pair.split("=", -1);
        if (parts.length != 2) {
          throw new IllegalArgumentException("status pair '" + pair + "' is not k=v: " + text);
        }
        if (!parts[1].isEmpty() && !PYTHON_FLOAT.matcher(parts[1]).matches()) {
          throw new IllegalArgumentException("status value '" + parts[1] + "' is not a float: " + text);
        }
      }
    }
  }

  /** {@code float(val) if '.' in val or 'nan' in val.lower() else int(val)}. */
  static Number number(String value, String line) {
    if (value.contains(".") || value.toLowerCase(java.util.Locale.ROOT).contains("nan")) {
      if (!PYTHON_FLOAT.matcher(value).matches()) {
        throw new IllegalArgumentException("could not convert string to float: '" + value + "': " + line);
      }
      return Double.parseDouble(value.replaceAll("(?i)nan", "NaN"));
    }
    if (!PYTHON_INT.matcher(value).matches()) {
      throw new IllegalArgumentException("invalid literal for int() with base 10: '" + value + "': " + line);
    }
    return new java.math.BigInteger(value);
  }

  /** Python's {@code csv.reader} with the default dialect, for one line: commas, double quotes. */
  private static List<String> csv(String line) {
    var fields = new ArrayList<String>();
    var field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"' && field.isEmpty()) {
        quoted = true;
      } else if (c == ',') {
        fields.add(field.toString());
        field.setLength(0);
      } else if (c != '\r') {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }
}
