package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
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

  private static Set<String> names(Measurements measurements, String map) {
    var names = new TreeSet<String>();
    MeasurementReset.map(measurements, map).keySet().forEach(name -> names.add((String) name));
    return names;
  }

  @Test
  void theMixsOperationsAreMeasuredBeforeTheFirstOneRuns(@TempDir Path logs) throws Exception {
    var p = properties(logs, "readproportion", "0.5", "updateproportion", "0.5");
    var measurements = new Measurements(p);
    MeasurementSetup.create(measurements, p, false);
    assertEquals(Set.of("READ", "UPDATE"), names(measurements, MeasurementReset.OPERATIONS));
    assertEquals(Set.of("READ", "UPDATE"), names(measurements, MeasurementReset.INTENDED));
    // their logs are open, headers written: nothing of that is left for the first operation
    assertTrue(Files.size(logs.resolve("Intended-UPDATE.hdr")) > 0);
  }

  /** YCSB's recorders grow on the recording thread; these hold any int of µs from the start. */
  @Test
  void theRecordersHoldYcsbsWholeRangeFromTheStart(@TempDir Path logs) throws Exception {
    var p = properties(logs, "readproportion", "1", "updateproportion", "0");
    p.setProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram+histogram");
    var measurements = new Measurements(p);
    MeasurementSetup.create(measurements, p, false);
    var intended = (TwoInOneMeasurement) MeasurementReset.map(measurements,
        MeasurementReset.INTENDED).get("READ");
    var hdr = field(TwoInOneMeasurement.class, "thing1", intended);
    var recorder = (Recorder) field(OneMeasurementHdrHistogram.class,
        "histogram", hdr);
    var interval = recorder.getIntervalHistogram();
    assertTrue(interval.getHighestTrackableValue() >= Integer.MAX_VALUE, "range " + interval.getHighestTrackableValue());
    assertEquals(3, interval.getNumberOfSignificantValueDigits());
    measurements.measureIntended("READ", Integer.MAX_VALUE);
    assertEquals(1, recorder.getIntervalHistogram().getTotalCount(), "the largest int is recorded");
  }

  private static Object field(Class<?> owner, String name, Object instance) throws Exception {
    var field = owner.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(instance);
  }

  @Test
  void aTypeNeverAttemptedIsRemovedWithItsLogsAndTheOthersKept(@TempDir Path logs) throws Exception {
    var p = properties(logs, "readproportion", "0.95", "updateproportion", "0.05");
    var measurements = new Measurements(p);
    var setup = MeasurementSetup.create(measurements, p, false);
    measurements.measure("READ", 10);
    setup.dropUnattempted(Set.of("READ"));
    assertEquals(Set.of("READ"), names(measurements, MeasurementReset.OPERATIONS));
    assertEquals(Set.of("READ"), names(measurements, MeasurementReset.INTENDED));
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
    assertEquals(Set.of("READ", "READ-MODIFY-WRITE", "UPDATE"), names(measurements, MeasurementReset.OPERATIONS));

    var op = new Properties();
    op.setProperty("hdrhistogram.fileoutput", "false");
    var load = new Measurements(op);
    MeasurementSetup.create(load, op, true);
    assertEquals(Set.of("INSERT"), names(load, MeasurementReset.OPERATIONS));
    assertEquals(Set.of(), names(load, MeasurementReset.INTENDED), "measurement.interval=op: no intended ones");
  }
}
