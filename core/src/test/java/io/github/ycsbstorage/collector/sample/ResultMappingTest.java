package io.github.ycsbstorage.collector.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.Io;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The raw readings a result keeps are the result's own records: a sampler's snapshot mapped onto one
 * is written with exactly the names and values the snapshot itself had in the file, and reads back
 * as the same counters for a study cell's merge.
 */
class ResultMappingTest {
  private static final String DISKSTATS = "   8       0 sda 100 2 800 50 40 1 640 30 0 60 80 0 0 0 0 0 0\n";
  private static final String STAT = "cpu  100 0 50 800 50 0 0 0 0 0\n";
  private static final String MEMINFO = "MemTotal: 1000 kB\nMemAvailable: 400 kB\nCached: 300 kB\n";

  @Test
  void aReadingIsWrittenAsTheSnapshotWasAndReadsBackAsTheSameCounters() throws Exception {
    var snapshot = SamplerTest.snapshot(1_700_000_000L, DISKSTATS, STAT, MEMINFO, null);
    var json = new ObjectMapper();
    var reading = ResultMapping.reading(snapshot);
    assertEquals(json.writeValueAsString(snapshot), json.writeValueAsString(reading),
        "the file's names, order and values of a raw reading");

    var back = ResultMapping.snapshot(json.readValue(json.writeValueAsString(reading), Io.Reading.class));
    assertEquals(snapshot.epochMillis(), back.epochMillis());
    assertEquals(snapshot.nanos(), back.nanos());
    assertEquals(List.of("sda"), List.copyOf(back.disks().keySet()));
    assertArrayEquals(snapshot.disks().get("sda"), back.disks().get("sda"));
    assertArrayEquals(snapshot.cpu(), back.cpu());
    assertArrayEquals(snapshot.memory(), back.memory());
    assertEquals(snapshot.vm(), back.vm(), "an unread file stays unread");
    assertEquals(snapshot.missing(), back.missing());
  }
}
