package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.MemoryFigure;
import io.github.ycsbstorage.spi.ServerInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Memory resolution, free space and cache-state checks, without a server. */
class ServerChecksTest {

  private static StorageSettings settings(String... pairs) {
    var properties = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      properties.setProperty(pairs[i], pairs[i + 1]);
    }
    return StorageSettings.from(properties);
  }

  @Test
  void memoryComesFromTheDeclarationThenTheBindingThenLocalMeminfo(@TempDir Path dir) throws Exception {
    var meminfo = Files.writeString(dir.resolve("meminfo"), "MemTotal:       24576000 kB\nMemFree: 1 kB\n");
    var reported = ServerInfo.builder("MongoDB").ram(new MemoryFigure(96_000_000_000L, "hostInfo"))
        .cache(new MemoryFigure(48_000_000_000L, "wiredTiger.cache")).locality(Locality.REMOTE).build();
    var local = ServerInfo.builder("MongoDB").locality(Locality.LOCAL).build();

    assertEquals(new MemoryFigure(64_000_000_000L, "storage.server.memory"), MemoryResolver.resolve(
        settings("storage.server.memory", "64GB"), Optional.of(reported), "db", meminfo).figure().orElseThrow());
    assertEquals(reported.ram(), MemoryResolver.resolve(settings(), Optional.of(reported), "db", meminfo).figure());
    assertEquals(reported.cache(), MemoryResolver.resolve(settings("storage.memory.basis", "cache"),
        Optional.of(reported), "db", meminfo).figure());
    assertEquals(new MemoryFigure(24_576_000L * 1024, HostMemory.SOURCE),
        MemoryResolver.resolve(settings(), Optional.of(local), "db", meminfo).figure().orElseThrow());
    assertEquals("MongoDB reported no cache size", MemoryResolver.resolve(settings("storage.memory.basis", "cache"),
        Optional.of(local), "db", meminfo).whyUnknown());
    var localWithReason = ServerInfo.builder("Oracle NoSQL Database").locality(Locality.LOCAL)
        .unknown("ram", "sn1 memoryMB is 0").build();
    assertEquals(HostMemory.SOURCE + "; Oracle NoSQL Database reported no RAM: sn1 memoryMB is 0",
        MemoryResolver.resolve(settings(), Optional.of(localWithReason), "db", meminfo).figure().orElseThrow().source(),
        "the fallback says why the server's own figure is missing");
    assertEquals("site.ycsb.BasicDB describes no server (it does not implement ServerInfoProvider)",
        MemoryResolver.resolve(settings(), Optional.empty(), "site.ycsb.BasicDB", meminfo).whyUnknown());
  }

  @Test
  void anUnknownFigureIsExplainedWithTheServersReason(@TempDir Path dir) {
    var meminfo = dir.resolve("missing-meminfo");
    var remote = ServerInfo.builder("Oracle NoSQL Database").locality(Locality.REMOTE)
        .unknown("ram", "sn1 memoryMB is 0").unknown("cache", "runadmin refused the login").build();
    assertEquals("Oracle NoSQL Database reported no RAM (sn1 memoryMB is 0) and the server is not known to be "
        + "local (locality REMOTE)", MemoryResolver.resolve(settings(), Optional.of(remote), "db", meminfo).whyUnknown());
    assertEquals("Oracle NoSQL Database reported no cache size (runadmin refused the login)",
        MemoryResolver.resolve(settings("storage.memory.basis", "cache"), Optional.of(remote), "db", meminfo)
            .whyUnknown());
  }

  @Test
  void aDeclaredMemoryThatDisagreesWithTheServerIsWarnedAbout() {
    var server = Optional.of(ServerInfo.builder("Oracle NoSQL Database")
        .ram(new MemoryFigure(1_073_741_824L, "sn1 memoryMB")).cache(new MemoryFigure(751_619_276L, "rg1-rn1 JE cache"))
        .build());
    assertEquals(Optional.of("storage.server.memory=96.0 GB but Oracle NoSQL Database reports RAM of 1.1 GB "
        + "(sn1 memoryMB): the dataset is sized for the declared memory"),
        MemoryResolver.disagreement(settings("storage.server.memory", "96GB"), server));
    assertEquals(Optional.empty(), MemoryResolver.disagreement(settings("storage.server.memory", "1GiB"), server),
        "equal");
    assertEquals(Optional.empty(), MemoryResolver.disagreement(settings("storage.server.memory", "800MB",
        "storage.memory.basis", "cache"), server), "within 10 % of the cache");
    assertEquals(true, MemoryResolver.disagreement(settings("storage.server.memory", "1GiB",
        "storage.memory.basis", "cache"), server).isPresent(), "the cache, not the RAM, for basis cache");
    assertEquals(Optional.empty(), MemoryResolver.disagreement(settings(), server), "nothing declared");
  }

  @Test
  void freeSpaceMustHoldThePlanPlusTenPercent() {
    var properties = new Properties();
    properties.setProperty("fieldcount", "1");
    properties.setProperty("fieldlength", "1000");
    properties.setProperty("storage.dataset.size", "10GB");
    var plan = SizingPlanner.plan(StorageSettings.from(properties), properties, SizingPlanner.Memory.unknown("x"), 0,
        OptionalDouble.empty(), Optional.empty());
    FreeSpaceCheck.check(plan, "/data", 11_000_000_000L, "storage.dataset.size", "10GB");
    var error = assertThrows(InvalidPropertyException.class,
        () -> FreeSpaceCheck.check(plan, "/data", 10_900_000_000L, "storage.dataset.size", "10GB"));
    assertEquals("storage.dataset.size='10GB' is invalid: the data path /data has 10.9 GB free, the plan needs "
        + "11.0 GB (10.0 GB + 10 % margin); accepted: a dataset that fits the file system of the server's data path",
        error.getMessage());
  }

  @Test
  void aLocalServersDataPathIsMeasured(@TempDir Path dir) {
    var local = ServerInfo.builder("X").locality(Locality.LOCAL).dataPath(dir.toString()).build();
    assertEquals(true, FreeSpaceCheck.usableSpace(Optional.of(local)).isPresent());
    var remote = ServerInfo.builder("X").locality(Locality.REMOTE).dataPath(dir.toString()).build();
    assertEquals(true, FreeSpaceCheck.usableSpace(Optional.of(remote)).isEmpty());
  }

  @Test
  void coldCacheNeedsALocalServerAndRoot() {
    var local = Optional.of(ServerInfo.builder("X").locality(Locality.LOCAL).build());
    CacheControl.checkColdPossible(local, true);
    var error = assertThrows(InvalidPropertyException.class, () -> CacheControl.checkColdPossible(local, false));
    assertEquals("storage.cache='cold' is invalid: dropping the page cache (/proc/sys/vm/drop_caches) needs root; "
        + "accepted: " + CacheControl.ACCEPTED_COLD, error.getMessage());
    var unknown = assertThrows(InvalidPropertyException.class, () -> CacheControl.checkColdPossible(Optional.empty(), true));
    assertEquals("storage.cache='cold' is invalid: the server is not known to run on this host (locality UNKNOWN), "
        + "so its page cache cannot be dropped from here; accepted: " + CacheControl.ACCEPTED_COLD, unknown.getMessage());
  }
}
