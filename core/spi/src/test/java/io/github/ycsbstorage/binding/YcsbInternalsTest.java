package io.github.ycsbstorage.binding;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementRaw;
import site.ycsb.measurements.TwoInOneMeasurement;

/** YCSB 0.17.0, the version on our classpath, has every private member the door reads, and they read true. */
class YcsbInternalsTest {
  @Test
  void thisYcsbCoreHasEveryMember() {
    assertDoesNotThrow(YcsbInternals::check);
  }

  @Test
  void theMembersReadWhatYcsbHolds() {
    var p = new Properties();
    p.setProperty(Measurements.MEASUREMENT_INTERVAL, "both");
    p.setProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "histogram");
    var measurements = new Measurements(p);
    measurements.measure("READ", 10);
    measurements.measureIntended("READ", 12);
    measurements.reportStatus("READ", Status.NOT_FOUND);
    assertEquals(2, YcsbInternals.interval(measurements));
    assertEquals(Measurements.MeasurementType.HISTOGRAM, YcsbInternals.type(measurements));
    var read = YcsbInternals.operations(measurements).get("READ");
    assertEquals("READ", read.getName());
    assertEquals("Intended-READ", YcsbInternals.intended(measurements).get("READ").getName());
    assertEquals(1, YcsbInternals.returnCodes(read).get(Status.NOT_FOUND).get());

    var first = new OneMeasurementHistogram("BucketX", p);
    var second = new OneMeasurementRaw("RawX", p);
    var parts = YcsbInternals.parts(new TwoInOneMeasurement("X", first, second));
    assertSame(first, parts.get(0));
    assertSame(second, parts.get(1));
  }
}
