package io.github.ycsbstorage.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.result.AchievedDataset;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import io.github.ycsbstorage.spi.StorageDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which measurement the meter chooses, and what it makes of two readings. */
class DatasetMeterTest {
  /** A server that reports the size it is set to, and flushes on request. */
  private static final class Reporting implements ServerInfoProvider {
    DatasetSize size;
    int flushes;

    Reporting(DatasetSize size) {
      this.size = size;
    }

    @Override
    public ServerInfo serverInfo() {
      throw new UnsupportedOperationException();
    }

    @Override
    public DatasetSize datasetSize() {
      return size;
    }

    @Override
    public Optional<String> flush() {
      flushes++;
      return Optional.of("fsync");
    }

    @Override
    public long recordOverheadEstimate(int fieldCount) {
      return -1;
    }
  }

  private static DatasetSize size(long records, long storage) {
    return new DatasetSize(OptionalLong.of(records), OptionalLong.of(records * 100), OptionalLong.of(storage), "stats");
  }

  private static DatasetMeter meter(Optional<ServerInfo> server, Reporting provider, List<String> paths) {
    return DatasetMeter.of(server, Optional.ofNullable(provider), "TestDb", paths);
  }

  @Test
  void aLocalServersDataPathIsPreferredAndItsGrowthIsTheAchievedSize(@TempDir Path data) throws Exception {
    var server = ServerInfo.builder("Test").locality(Locality.LOCAL).dataPath(data.toString()).build();
    var provider = new Reporting(size(0, 0));
    var meter = meter(Optional.of(server), provider, List.of("/somewhere/else"));
    assertEquals(List.of(data), meter.paths());
    var before = meter.read();
    Files.write(data.resolve("file"), new byte[1 << 20]);
    provider.size = size(10, 50_000);
    var after = meter.read();
    var achieved = meter.achieved(before, after);
    assertEquals(AchievedDataset.Source.DATA_DIRECTORY, achieved.source());
    long grown = after.directoryBytes().getAsLong() - before.directoryBytes().getAsLong();
    assertEquals(OptionalLong.of(grown), achieved.bytes());
    assertTrue(grown >= 1 << 20 && grown < (1 << 20) + 64 * 1024, "grown " + grown);
    assertEquals(Optional.of("fsync: done"), achieved.flush());
    assertEquals(2, provider.flushes);
    assertEquals(true, achieved.settled());
  }

  @Test
  void collectorPathsServeWhenTheServerReportsNoDataPathButNotForARemoteServer(@TempDir Path data) {
    var unknown = ServerInfo.builder("Test").build();
    assertEquals(List.of(data), meter(Optional.of(unknown), new Reporting(size(0, 0)), List.of(data.toString())).paths());
    assertEquals(List.of(data), meter(Optional.empty(), null, List.of(data.toString())).paths());
    var remote = ServerInfo.builder("Test").locality(Locality.REMOTE).build();
    assertEquals(List.of(), meter(Optional.of(remote), new Reporting(size(0, 0)), List.of(data.toString())).paths());
  }

  @Test
  void aServerWithStorageOnAnotherHostIsNotMeasuredByItsLocalPartAlone(@TempDir Path data) throws Exception {
    var server = ServerInfo.builder("Test").locality(Locality.LOCAL)
        .storageDirectory(new StorageDirectory("here", data.toString(), Locality.LOCAL, OptionalLong.empty(), "test"))
        .storageDirectory(new StorageDirectory("sn2", "/kv/sn2", Locality.REMOTE, OptionalLong.empty(), "test"))
        .build();
    var provider = new Reporting(size(0, 0));
    var meter = meter(Optional.of(server), provider, List.of());
    assertEquals(List.of(), meter.paths());
    var before = meter.read();
    provider.size = size(10, 8192);
    var achieved = meter.achieved(before, meter.read());
    assertEquals(AchievedDataset.Source.SERVER, achieved.source());
    assertEquals(OptionalLong.of(8192), achieved.bytes(), "the whole table after the load, as the server says");
  }

  @Test
  void withoutADirectoryOrAServerFigureTheSizeIsUnknownWithTheReason() throws Exception {
    // storageSize 0 for 10 records is no measurement
    var provider = new Reporting(size(0, 0));
    var meter = meter(Optional.of(ServerInfo.builder("Test").build()), provider, List.of());
    var before = meter.read();
    assertEquals(Optional.empty(), meter.cannotMeasure(before), "0 bytes for 0 records could be a measurement");
    provider.size = size(10, 0);
    var achieved = meter.achieved(before, meter.read());
    assertEquals(AchievedDataset.Source.UNKNOWN, achieved.source());
    assertEquals(OptionalLong.empty(), achieved.bytes());
    assertEquals("no data directory on this host (the server reports no data path; collector.paths is not set);"
        + " the server reports no on-disk size (stats, 10 records)", achieved.reason().orElseThrow());
  }

  /** A directory that shrank while the phase wrote (a compaction freed more): no size, not 0. */
  @Test
  void aDataDirectoryThatShrankGivesAnUnknownSizeWithBothReadings(@TempDir Path data) throws Exception {
    var old = Files.write(data.resolve("old.log"), new byte[4 << 20]);
    var meter = meter(Optional.empty(), null, List.of(data.toString()));
    var before = meter.read();
    Files.delete(old);
    Files.write(data.resolve("new.log"), new byte[1 << 20]);
    var achieved = meter.achieved(before, meter.read());
    assertEquals(AchievedDataset.Source.UNKNOWN, achieved.source());
    assertEquals(OptionalLong.empty(), achieved.bytes());
    assertTrue(achieved.reason().orElseThrow().startsWith(data + " shrank while the phase wrote ("),
        achieved.reason().orElseThrow());
    assertEquals(before.directoryBytes(), achieved.beforeBytes());
  }

  @Test
  void aZeroStorageSizeForATableThatHoldsDataIsUnknown() {
    assertEquals(OptionalLong.empty(), size(10, 0).storageBytes());
    assertEquals(OptionalLong.of(0), size(0, 0).storageBytes());
    assertEquals(OptionalLong.empty(), new DatasetSize(OptionalLong.empty(), OptionalLong.of(5), OptionalLong.of(0),
        "stats").storageBytes());
  }
}
