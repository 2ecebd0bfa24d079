package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The tarball's layout, and drop-in into a YCSB 0.17.0 install: with exactly that install's lib/
 * (YCSB core, HdrHistogram 2.1.4, Jackson 1.9.4, HTrace) plus one of our binding folders on the
 * classpath, YCSB's Client runs with our classes.
 */
class DistributionIT {
  private static final Path INSTALL_LIB = Path.of(System.getProperty("ycsb.install.lib", "target/ycsb-0.17.0-lib"));

  @Test
  void tarballHoldsTheDocumentedLayout() throws Exception {
    var home = Launcher.HOME;
    var tarball = home.getParent().resolveSibling(home.getFileName() + ".tar.gz");
    assertTrue(Files.isRegularFile(tarball), tarball + " exists");
    var listing = Launcher.run(List.of("tar", "-tzf", tarball.toString()), Map.of(), home).stdout();
    var base = home.getFileName() + "/";
    for (var entry : List.of("bin/ycsb", "bin/bindings.properties", "lib/", "workloads/workloada",
        "workloads/storage/", "README.md", "LICENSE", "mongodb-binding/lib/", "oraclenosql-binding/lib/",
        "DROP-IN.bindings.properties")) {
      assertTrue(listing.contains(base + entry), "tarball lacks " + entry);
    }
    assertTrue(Files.isExecutable(home.resolve("bin/ycsb")));
    assertTrue(jarNames(home.resolve("mongodb-binding/lib")).stream()
        .anyMatch(name -> name.startsWith("mongodb-driver-sync-5.")), "mongodb-binding/lib has driver 5.x");
    assertTrue(jarNames(home.resolve("oraclenosql-binding/lib")).stream()
        .noneMatch(name -> name.startsWith("oracle-nosql-client")), "kvclient comes from KVHOME, never from us");
    for (var folder : List.of("lib", "mongodb-binding/lib")) {
      var names = jarNames(home.resolve(folder));
      var simple = names.stream().filter(name -> name.startsWith("slf4j-simple-")).findFirst();
      assertTrue(simple.isPresent(), folder + ": " + names);
      assertTrue(names.contains(simple.get().replace("slf4j-simple-", "slf4j-api-")),
          folder + ": SLF4J's simple provider needs the API of its version beside it: " + names);
    }
  }

  @Test
  void dropInFoldersLeaveWhatYcsbShipsToYcsb() throws Exception {
    for (var folder : List.of("mongodb-binding", "oraclenosql-binding")) {
      var names = jarNames(Launcher.HOME.resolve(folder).resolve("lib"));
      assertTrue(names.stream().anyMatch(name -> name.startsWith("ycsb-storage-core-")), folder + ": " + names);
      assertTrue(names.stream().anyMatch(name -> name.startsWith("ycsb-storage-spi-")), folder + ": " + names);
      for (var shippedByYcsb : List.of("core-0.17.0", "HdrHistogram-", "jackson-core-asl", "jackson-mapper-asl",
          "htrace-core4")) {
        assertFalse(names.stream().anyMatch(name -> name.startsWith(shippedByYcsb)), folder + " has " + shippedByYcsb);
      }
    }
    assertEquals(List.of("HdrHistogram-2.1.4.jar", "core-0.17.0.jar", "htrace-core4-4.1.0-incubating.jar",
        "jackson-core-asl-1.9.4.jar", "jackson-mapper-asl-1.9.4.jar"), jarNames(INSTALL_LIB));
  }

  @Test
  void ycsbInstallRunsOurClassesFromADropInFolder() throws Exception {
    for (var folder : List.of("mongodb-binding", "oraclenosql-binding")) {
      var classpath = INSTALL_LIB.toAbsolutePath() + "/*:" + Launcher.HOME.resolve(folder).resolve("lib") + "/*";
      var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      var result = Launcher.run(List.of(java, "-cp", classpath, "io.github.ycsbstorage.cli.YcsbCommand", "run",
          "-db", "site.ycsb.BasicDB", "-P", "workloads/workloada", "-p", "measurementtype=hdrhistogram",
          "-p", "operationcount=50"), Map.of(), Launcher.HOME);
      assertEquals(0, result.exitCode(), result::all);
      assertTrue(result.stdout().contains("[READ], 99thPercentileLatency(us)"), result::all);
    }
  }

  @Test
  void ycsbInstallRunsTheMongoDbBindingFromItsDropInFolder() throws Exception {
    try (var server = MongoServerExtension.started()) {
      var url = server.url("dropin");
      var classpath = INSTALL_LIB.toAbsolutePath() + "/*:" + Launcher.HOME.resolve("mongodb-binding/lib") + "/*";
      var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      for (var phase : List.of("-load", "-t")) {
        var result = Launcher.run(List.of(java, "-cp", classpath, "site.ycsb.Client", phase,
            "-db", "io.github.ycsbstorage.mongodb.MongoDbClient", "-P", "workloads/workloada",
            "-p", "recordcount=200", "-p", "operationcount=200", "-p", "mongodb.url=" + url), Map.of(), Launcher.HOME);
        assertEquals(0, result.exitCode(), result::all);
        assertTrue(result.stdout().contains("[OVERALL], Throughput(ops/sec)"), result::all);
        assertFalse(result.stdout().contains("Return=ERROR"), result::all);
      }
      assertEquals(200, server.database("dropin").getCollection("usertable").countDocuments());
    }
  }

  /** YCSB 0.17.0's own Client loading 200 records through our drop-in folder, with extra -p settings. */
  private static Launcher.Result dropInLoad(String url, String... settings) throws Exception {
    var classpath = INSTALL_LIB.toAbsolutePath() + "/*:" + Launcher.HOME.resolve("mongodb-binding/lib") + "/*";
    var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", classpath, "site.ycsb.Client", "-load", "-db", "io.github.ycsbstorage.mongodb.MongoDbClient",
        "-P", "workloads/workloada", "-p", "recordcount=200", "-p", "mongodb.url=" + url));
    for (var setting : settings) {
      command.add("-p");
      command.add(setting);
    }
    return Launcher.run(command, Map.of(), Launcher.HOME);
  }

  @Test
  void aYcsbInstallHonoursOrRefusesYcsbsMongoDbPropertyNames() throws Exception {
    try (var server = MongoServerExtension.started()) {
      // A YCSB 0.17.0 property file's settings, with YCSB's value names.
      var accepted = dropInLoad(server.url("ycsbnames"), "mongodb.writeConcern=journaled",
          "mongodb.readPreference=primary_preferred", "mongodb.maxconnections=8",
          "mongodb.threadsAllowedToBlockForConnectionMultiplier=5");
      assertEquals(0, accepted.exitCode(), accepted::all);
      assertTrue(accepted.stdout().contains("[INSERT], Return=OK, 200"), accepted::all);
      assertEquals(200, server.database("ycsbnames").getCollection("usertable").countDocuments());

      // YCSB ignores a key nobody reads; the binding's init refuses it as bin/ycsb does.
      var misspelt = dropInLoad(server.url("misspelt"), "mongodb.batchsise=10");
      assertTrue(misspelt.all().contains("mongodb.batchsise='*****' is invalid: unknown property (did you mean"
          + " mongodb.batchsize?)"), misspelt::all);
      assertEquals(0, server.database("misspelt").getCollection("usertable").countDocuments());

      // YCSB's Client goes on without a DB whose init() failed, and exits 0: what tells is the
      // message and that nothing was stored.
      var refused = dropInLoad(server.url("badname"), "mongodb.writeConcern=fsync_safe");
      assertTrue(refused.all().contains("mongodb.writeConcern='fsync_safe' is invalid; accepted: unacknowledged"
          + " (or errors_ignored, w0), acknowledged (or w1), w2 (or replica_acknowledged)"), refused::all);
      assertEquals(0, server.database("badname").getCollection("usertable").countDocuments());

      // Honoured, not ignored: mongo-java-server does not support w:0 (it drops the connection and
      // the write), so an unacknowledged load stores nothing there, where YCSB 0.17.0 ran it acknowledged.
      var unacknowledged = dropInLoad(server.url("wzero"), "mongodb.writeConcern=unacknowledged");
      assertEquals(0, server.database("wzero").getCollection("usertable").countDocuments(), unacknowledged::all);
      assertFalse(unacknowledged.stdout().contains("[INSERT], Return=OK, 200"), unacknowledged::all);
    }
  }

  private static List<String> jarNames(Path directory) throws IOException {
    try (var files = Files.list(directory)) {
      return new ArrayList<>(files.map(path -> path.getFileName().toString()).sorted().toList());
    }
  }
}
