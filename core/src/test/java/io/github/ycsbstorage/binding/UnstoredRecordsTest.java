package io.github.ycsbstorage.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

class UnstoredRecordsTest {
  private final Measurements measurements = new Measurements(new Properties());
  private final UnstoredRecords unstored = new UnstoredRecords(() -> measurements);

  /** The {@code [INSERT], Return=...} lines YCSB's own text exporter writes. */
  private String returnCodes() throws IOException {
    var bytes = new ByteArrayOutputStream();
    var exporter = new TextMeasurementsExporter(bytes);
    measurements.exportMeasurements(exporter);
    exporter.close();
    return bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("Return="))
        .sorted().collect(Collectors.joining("\n"));
  }

  /** What DBWrapper does for each call: one return code when the call returns. */
  private void calls(int count, Status status) {
    for (int i = 0; i < count; i++) {
      measurements.reportStatus("INSERT", status);
    }
  }

  @Test
  void aWholeBatchLostCountsEveryRecordAsFailedInYcsbsOwnOutput() throws IOException {
    // Four threads, batches of 1,000 keys that all exist: 999 buffered calls, then the one that sends.
    for (int thread = 0; thread < 4; thread++) {
      calls(999, Status.BATCHED_OK);
      unstored.count("INSERT", Status.ERROR, 1000, 999);
      calls(1, Status.ERROR);
    }
    assertEquals("[INSERT], Return=BATCHED_OK, 0\n[INSERT], Return=ERROR, 4000", returnCodes());
    assertEquals(4000, unstored.total());
    assertEquals(Optional.of("4000 records not stored (INSERT ERROR: 4000)"), unstored.summary());
  }

  @Test
  void aPartlyFailedBatchMovesOnlyItsLostRecords() throws IOException {
    calls(9, Status.BATCHED_OK);
    unstored.count("INSERT", Status.ERROR, 3, 2);
    calls(1, Status.ERROR);
    assertEquals("[INSERT], Return=BATCHED_OK, 7\n[INSERT], Return=ERROR, 3", returnCodes());
  }

  @Test
  void aLastBatchSentAtCleanupMovesAllItsRecordsAndMayCreateTheFailuresCode() throws IOException {
    calls(5, Status.OK);
    calls(4, Status.BATCHED_OK);
    unstored.count("INSERT", Status.SERVICE_UNAVAILABLE, 4, 4);
    unstored.count("INSERT", Status.ERROR, 2, 0);
    assertEquals("[INSERT], Return=BATCHED_OK, 0\n[INSERT], Return=OK, 5\n[INSERT], Return=SERVICE_UNAVAILABLE, 4",
        returnCodes());
    assertEquals(Optional.of("6 records not stored (INSERT ERROR: 2, INSERT SERVICE_UNAVAILABLE: 4)"),
        unstored.summary());
  }

  @Test
  void nothingLostSaysNothing() throws IOException {
    calls(3, Status.BATCHED_OK);
    unstored.count("INSERT", Status.ERROR, 0, 0);
    assertEquals("[INSERT], Return=BATCHED_OK, 3", returnCodes());
    assertEquals(Optional.empty(), unstored.summary());
  }

  @Test
  void impossibleCountsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> unstored.count("INSERT", Status.OK, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> unstored.count("INSERT", Status.ERROR, 1, 2));
    assertThrows(IllegalArgumentException.class, () -> unstored.count("INSERT", Status.ERROR, -1, 0));
  }
}
