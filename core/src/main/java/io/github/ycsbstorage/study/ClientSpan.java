package io.github.ycsbstorage.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * When one client's YCSB run began and ended on its host's clock. YCSB measures only the run's
 * length ({@code [OVERALL], RunTime(ms)}); the end comes from its status thread ({@code -s}), whose
 * last line (e.g. {@code 2026-11-23 14:30:01:123 5 sec: 400 operations; …}) is printed when the last
 * client thread has finished. The start is the end less the run time. Immutable.
 */
record ClientSpan(Instant start, Instant end) {
  /** YCSB 0.17.0's {@code StatusThread} stamps each line with this format, in the JVM's time zone. */
  private static final Pattern STATUS = Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}:\\d{3}) \\d+ sec: ");
  private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS");

  /**
   * The span of the run whose status lines are in {@code log}; empty when it holds none.
   *
   * @param zone the client's time zone (a child of the study: the study's)
   */
  static Optional<ClientSpan> of(Path log, long runtimeMs, ZoneId zone) throws IOException {
    if (!Files.isRegularFile(log)) {
      return Optional.empty();
    }
    String last = null;
    var matcher = STATUS.matcher(Files.readString(log));
    while (matcher.find()) {
      last = matcher.group(1);
    }
    if (last == null) {
      return Optional.empty();
    }
    var end = LocalDateTime.parse(last, FORMAT).atZone(zone).toInstant();
    return Optional.of(new ClientSpan(end.minusMillis(runtimeMs), end));
  }

  Duration length() {
    return Duration.between(start, end);
  }
}
