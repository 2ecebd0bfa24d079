package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.binding.YcsbInternals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.TwoInOneMeasurement;

/** YCSB's measurements created before the schedule, and those of operations never attempted removed. */
class MeasurementSetupTest {
  private static Properties properties(Path logs, String... pairs) {
    var p = new Properties();
    p.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    p.setProperty("hdrhistogram.fileoutput", "true");
    p.setProperty("hdrhistogram.output.path", logs + "/");
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  private static Set<String> names(Map<String, OneMeasurement> map) {
    return new TreeSet<>(map.keySet());
  }

  @Test
  void theMixsOperationsAreMeasuredBeforeTheFirstOneRuns(@TempDir Path logs) throws Exception {
    var p = properties(logs, "readproportion", "0.5", "updateproportion", "0.5");
    var measurements = new Measurements(p);
    MeasurementSetup.create(measurements, p, false);
    assertEquals(Set.of("READ", "UPDATE"), names(YcsbInternals.operations(measurements)));
    assertEquals(Set.of("READ", "UPDATE"), names(YcsbInternals.intended(measurements)));
    // their logs are open, headers written: nothing of that is left for the first operation
    assertTrue(Files.size(logs.resolve("Intended-UPDATE.hdr")) > 0);
  }

  /** Where YCSB measures with HdrHistogram, it measures into ours ({@link FullRangeHdrHistogram}). */
  @Test
  void hdrHistogramMeasurementsAreOursAlsoInsideATwoInOne(@TempDir Path logs) throws Exception {
    var p = properties(logs, "readproportion", "1", "updateproportion", "0");
    p.setProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram+histogram");
    var measurements = new Measurements(p);
    MeasurementSetup.create(measurements, p, false);
    var intended = (TwoInOneMeasurement) YcsbInternals.intended(measurements).get("READ");
    var parts = YcsbInternals.parts(intended);
    assertInstanceOf(FullRangeHdrHistogram.class, parts.get(0));
    assertEquals("HdrIntended-READ", parts.get(0).getName());
    assertInstanceOf(OneMeasurementHistogram.class, parts.get(1));
    assertEquals("BucketIntended-READ", parts.get(1).getName());
    measurements.measureIntended("READ", Integer.MAX_VALUE);
    assertTrue(Files.size(logs.resolve("HdrIntended-READ.hdr")) > 0, "its log is open, its header written");

    p.setProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram");
    var plain = new Measurements(p);
    MeasurementSetup.create(plain, p, false);
    assertInstanceOf(FullRangeHdrHistogram.class, YcsbInternals.operations(plain).get("READ"));
  }

  @Test
  void aTypeNeverAttemptedIsRemovedWithItsLogsAndTheOthersKept(@TempDir Path logs) throws Exception {
    var p = properties(logs, "readproportion", "0.95", "updateproportion", "0.05");
    var measurements = new Measurements(p);
    var setup = MeasurementSetup.create(measurements, p, false);
    measurements.measure("READ", 10);
    setup.dropUnattempted(Set.of("READ"));
    assertEquals(Set.of("READ"), names(YcsbInternals.operations(measurements)));
    assertEquals(Set.of("READ"), names(YcsbInternals.intended(measurements)));
    assertTrue(Files.notExists(logs.resolve("UPDATE.hdr")));
    assertTrue(Files.notExists(logs.resolve("Intended-UPDATE.hdr")));
    assertTrue(Files.exists(logs.resolve("Intended-READ.hdr")));
  }

  @Test
  void aReadModifyWriteReadsAndUpdatesAndALoadInserts(@TempDir Path logs) {
    var p = properties(logs, "readproportion", "0", "updateproportion", "0", "readmodifywriteproportion", "1");
    assertEquals(Set.of("READ", "UPDATE", "READ-MODIFY-WRITE"), MeasurementSetup.drawn(p));
    var measurements = new Measurements(p);
    MeasurementSetup.create(measurements, p, false).dropUnattempted(Set.of("READ-MODIFY-WRITE"));
    assertEquals(Set.of("READ", "READ-MODIFY-WRITE", "UPDATE"), names(YcsbInternals.operations(measurements)));

    var op = new Properties();
    op.setProperty("hdrhistogram.fileoutput", "false");
    var load = new Measurements(op);
    MeasurementSetup.create(load, op, true);
    assertEquals(Set.of("INSERT"), names(YcsbInternals.operations(load)));
    assertEquals(Set.of(), names(YcsbInternals.intended(load)), "measurement.interval=op: no intended ones");
  }
}
