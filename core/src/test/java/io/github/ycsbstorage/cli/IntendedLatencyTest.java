package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Intended-time latencies are recorded by default whenever a target rate is set, and only then; the
 * client threads then spin between operations where they take at most half of the host's cores.
 */
class IntendedLatencyTest {
  private static ClientArguments parse(String... args) {
    return ClientArguments.parse(List.of(args));
  }

  @Test
  void aTargetRateAddsMeasurementIntervalBoth() {
    var properties = parse("run", "-db", "X", "-threads", "100000", "-target", "100").effectiveProperties();
    assertEquals(List.of("-p", "measurement.interval=both"), IntendedLatency.defaultArguments(properties));
    assertEquals("both", properties.getProperty("measurement.interval"));
    assertNull(properties.getProperty("spin.sleep"), "100,000 threads park: spinning they would take every core");

    var asProperty = parse("run", "-db", "X", "-threads", "100000", "-p", "target=50").effectiveProperties();
    assertEquals(List.of("-p", "measurement.interval=both"), IntendedLatency.defaultArguments(asProperty));
  }

  @Test
  void oneThreadSpinsUnderATargetWhereTheHostHasTwoCoresOrMore() {
    var properties = parse("run", "-db", "X", "-threads", "1", "-target", "100").effectiveProperties();
    var spins = Runtime.getRuntime().availableProcessors() >= 2;
    assertEquals(spins ? List.of("-p", "measurement.interval=both", "-p", "spin.sleep=true")
        : List.of("-p", "measurement.interval=both"), IntendedLatency.defaultArguments(properties));
    assertEquals(spins ? "true" : null, properties.getProperty("spin.sleep"));
    assertEquals(List.of(), IntendedLatency.defaultArguments(parse("run", "-db", "X", "-threads", "1")
        .effectiveProperties()), "no target: YCSB never sleeps between operations");
    var own = parse("run", "-db", "X", "-threads", "1", "-target", "100", "-p", "spin.sleep=false")
        .effectiveProperties();
    assertEquals(List.of("-p", "measurement.interval=both"), IntendedLatency.defaultArguments(own));
    assertEquals("false", own.getProperty("spin.sleep"), "the user's choice is kept");
  }

  @Test
  void noTargetOrTheUsersOwnIntervalAddsNothing() {
    assertEquals(List.of(), IntendedLatency.defaultArguments(parse("run", "-db", "X").effectiveProperties()));
    assertEquals(List.of(), IntendedLatency.defaultArguments(
        parse("run", "-db", "X", "-target", "0").effectiveProperties()), "0 is YCSB's 'unthrottled'");
    var own = parse("run", "-db", "X", "-threads", "100000", "-target", "100", "-p", "measurement.interval=op")
        .effectiveProperties();
    assertEquals(List.of(), IntendedLatency.defaultArguments(own));
    assertEquals("op", own.getProperty("measurement.interval"));
  }
}
