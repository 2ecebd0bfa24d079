package io.github.ycsbstorage.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/** Lost batched records end up in YCSB's own return-code lines, exactly. */
class LostRecordsTest {

  private static String exported(Measurements measurements) throws Exception {
    var out = new ByteArrayOutputStream();
    var exporter = new TextMeasurementsExporter(out);
    measurements.exportMeasurements(exporter);
    exporter.close();
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aFailedBatchMovesItsBufferedRecordsFromBatchedOkToTheFailure() throws Exception {
    var measurements = new Measurements(new Properties());
    // Four threads, batches of 1000, every batch refused: 999 buffered calls and 1 failed call each.
    for (int thread = 0; thread < 4; thread++) {
      for (int i = 0; i < 999; i++) {
        measurements.measure("INSERT", 10);
        measurements.reportStatus("INSERT", Status.BATCHED_OK);
      }
      measurements.measure("INSERT", 10);
      measurements.reportStatus("INSERT", Status.ERROR);
      LostRecords.recount(measurements, "INSERT", 999, Status.ERROR);
    }
    var text = exported(measurements);
    assertEquals(true, text.contains("[INSERT], Return=ERROR, 4000\n"), text);
    assertEquals(true, text.contains("[INSERT], Return=BATCHED_OK, 0\n"), text);
    assertEquals(true, text.contains("[INSERT], Operations, 4000\n"), text);
  }

  @Test
  void aPartlyFailedBatchKeepsTheStoredRecordsBatchedOk() throws Exception {
    var measurements = new Measurements(new Properties());
    for (int i = 0; i < 9; i++) {
      measurements.measure("INSERT", 10);
      measurements.reportStatus("INSERT", Status.BATCHED_OK);
    }
    measurements.measure("INSERT", 10);
    measurements.reportStatus("INSERT", Status.SERVICE_UNAVAILABLE);
    // 4 of the 10 were not stored, the failing call's own record among them.
    LostRecords.recount(measurements, "INSERT", 3, Status.SERVICE_UNAVAILABLE);
    var text = exported(measurements);
    assertEquals(true, text.contains("[INSERT], Return=BATCHED_OK, 6\n"), text);
    assertEquals(true, text.contains("[INSERT], Return=SERVICE_UNAVAILABLE, 4\n"), text);
  }

  @Test
  void recordsLostAtCleanupAreCountedEvenWhenNothingWasMeasuredYet() throws Exception {
    var measurements = new Measurements(new Properties());
    LostRecords.recount(measurements, "INSERT", 5, Status.ERROR);
    assertEquals(true, exported(measurements).contains("[INSERT], Return=ERROR, 5\n"));
  }

  @Test
  void theJvmTotalCountsEveryLostRecordAndArgumentsAreChecked() {
    long before = LostRecords.total();
    LostRecords.notStored("INSERT", 7, 0, Status.ERROR);
    assertEquals(before + 7, LostRecords.total());
    assertThrows(IllegalArgumentException.class, () -> LostRecords.notStored("INSERT", 3, 4, Status.ERROR));
  }
}
