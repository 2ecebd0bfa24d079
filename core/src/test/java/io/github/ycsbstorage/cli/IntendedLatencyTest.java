package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Intended-time latencies are recorded by default whenever a target rate is set, and only then. */
class IntendedLatencyTest {
  private static ClientArguments parse(String... args) {
    return ClientArguments.parse(List.of(args));
  }

  @Test
  void aTargetRateAddsMeasurementIntervalBoth() {
    var properties = parse("run", "-db", "X", "-target", "100").effectiveProperties();
    assertEquals(List.of("-p", "measurement.interval=both"), IntendedLatency.defaultArguments(properties));
    assertEquals("both", properties.getProperty("measurement.interval"));

    var asProperty = parse("run", "-db", "X", "-p", "target=50").effectiveProperties();
    assertEquals(List.of("-p", "measurement.interval=both"), IntendedLatency.defaultArguments(asProperty));
  }

  @Test
  void noTargetOrTheUsersOwnIntervalAddsNothing() {
    assertEquals(List.of(), IntendedLatency.defaultArguments(parse("run", "-db", "X").effectiveProperties()));
    assertEquals(List.of(), IntendedLatency.defaultArguments(
        parse("run", "-db", "X", "-target", "0").effectiveProperties()), "0 is YCSB's 'unthrottled'");
    var own = parse("run", "-db", "X", "-target", "100", "-p", "measurement.interval=op").effectiveProperties();
    assertEquals(List.of(), IntendedLatency.defaultArguments(own));
    assertEquals("op", own.getProperty("measurement.interval"));
  }
}
