package io.github.ycsbstorage.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbstorage.result.OperationCount;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;

/** The operation count comes from YCSB's own measurements singleton, as at the end of a phase. */
class YcsbOperationCountTest {

  @Test
  void countsEveryOperationIncludingFailuresButNotCleanup() {
    var properties = new Properties();
    properties.setProperty("measurementtype", "hdrhistogram");
    Measurements.setProperties(properties);
    var measurements = Measurements.getMeasurements();
    // the singleton is per JVM: other test classes may have measured before this one
    var before = YcsbOperationCount.read(properties).count();
    long baseline = before == null ? 0 : before;
    for (int i = 0; i < 7; i++) {
      measurements.measure("READ", 100 + i);
    }
    measurements.measure("UPDATE", 200);
    measurements.measure("UPDATE", 210);
    measurements.measure("READ-FAILED", 50);
    measurements.measure("CLEANUP", 5);
    measurements.measureIntended("READ", 120);

    assertEquals(new OperationCount(baseline + 10, "YCSB measurements"), YcsbOperationCount.read(properties));
    assertEquals(new OperationCount(baseline + 10, "YCSB measurements"), YcsbOperationCount.read(properties),
        "reading twice gives the same count: YCSB's own export afterwards is unaffected");

    var fileOutput = new Properties();
    fileOutput.setProperty("hdrhistogram.fileoutput", "true");
    assertEquals(new OperationCount(null,
        "not read: hdrhistogram.fileoutput=true (reading would close YCSB's histogram log)"),
        YcsbOperationCount.read(fileOutput));
    // raw's export prints every data point: reading at the collector's stop would print them twice
    var raw = new Properties();
    raw.setProperty("measurementtype", "raw");
    assertEquals(new OperationCount(null,
        "not read: measurementtype=raw (reading would print its raw data points a second time)"),
        YcsbOperationCount.read(raw));
  }
}
