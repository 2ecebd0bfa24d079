package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.InvalidPropertyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientArgumentsTest {

  /** issue 17: study.sizes with workloads/storage/* files, which set a ratio. */
  @Test
  void aDatasetSizeReplacesARatioOfAnEarlierLevelAndViceVersa(@TempDir Path dir) throws Exception {
    var ratioFile = Files.writeString(dir.resolve("ratio"), "storage.dataset.ratio=2.67\n");
    var sizeFile = Files.writeString(dir.resolve("size"), "storage.dataset.size=1GB\n");
    var bySize = ClientArguments.parse(List.of("load", "-P", ratioFile.toString(), "-db", "site.ycsb.BasicDB",
        "-p", "storage.dataset.size=32GB"));
    assertEquals(null, bySize.effectiveProperties().getProperty("storage.dataset.ratio"), "replaced: unset");
    assertEquals("32GB", bySize.effectiveProperties().getProperty("storage.dataset.size"));
    assertEquals(List.of("-P", ratioFile.toString(), "-p", "storage.dataset.size=32GB"), bySize.clientArgs(),
        "no blank -p injected: YCSB would echo it");
    assertEquals(java.util.Optional.of("storage.dataset.ratio"), bySize.replacedDatasetSize());

    var byLaterFile = ClientArguments.parse(List.of("load", "-P", sizeFile.toString(), "-P", ratioFile.toString(),
        "-db", "site.ycsb.BasicDB"));
    assertEquals(null, byLaterFile.effectiveProperties().getProperty("storage.dataset.size"));
    assertEquals("2.67", byLaterFile.effectiveProperties().getProperty("storage.dataset.ratio"));

    var sameLevel = ClientArguments.parse(List.of("load", "-P", ratioFile.toString(), "-db", "site.ycsb.BasicDB",
        "-p", "storage.dataset.size=32GB", "-p", "storage.dataset.ratio=1"));
    assertEquals("1", sameLevel.effectiveProperties().getProperty("storage.dataset.ratio"),
        "both on the command line: left for the workload to refuse");
    assertEquals("32GB", sameLevel.effectiveProperties().getProperty("storage.dataset.size"));
    var conflict = assertThrows(InvalidPropertyException.class, () -> InputCheck.checkStorageProperties(
        withWorkload(sameLevel.effectiveProperties())));
    assertEquals("storage.dataset.size", conflict.property());
  }

  private static java.util.Properties withWorkload(java.util.Properties properties) {
    properties.setProperty("workload", "io.github.ycsbstorage.workload.StorageAwareWorkload");
    return properties;
  }

  @Test
  void mergesPropertiesAsYcsbClientDoes(@TempDir Path dir) throws Exception {
    var first = Files.writeString(dir.resolve("first"), "recordcount=10\noperationcount=10\nfieldcount=3\n");
    var second = Files.writeString(dir.resolve("second"), "operationcount=20\n");
    var parsed = ClientArguments.parse(List.of("run", "-p", "fieldcount=7", "-P", first.toString(), "-P",
        second.toString(), "-threads", "4", "-s", "-db", "site.ycsb.BasicDB", "-p", "fieldcount=9"));
    var properties = parsed.effectiveProperties();
    assertEquals("10", properties.getProperty("recordcount"));
    assertEquals("20", properties.getProperty("operationcount"), "a later -P file wins");
    assertEquals("9", properties.getProperty("fieldcount"), "every -p wins over -P; a later -p wins");
    assertEquals("site.ycsb.BasicDB", properties.getProperty("db"));
    assertEquals("4", properties.getProperty("threadcount"), "YCSB's Client sets threadcount from -threads");
    assertEquals(List.of("-p", "fieldcount=7", "-P", first.toString(), "-P", second.toString(), "-threads", "4",
        "-s", "-p", "fieldcount=9"), parsed.clientArgs());
  }

  @Test
  void rejectsBadArgumentsNamingThem() {
    assertEquals("-threads='0' is invalid; accepted: a whole number ≥ 1", message("run", "-db", "X", "-threads", "0"));
    assertEquals("-target='fast' is invalid; accepted: a whole number ≥ 0", message("run", "-db", "X", "-target", "fast"));
    assertEquals("-p='recordcount' is invalid: no '=' after a property name; accepted: key=value, e.g. -p "
        + "recordcount=1000", message("run", "-db", "X", "-p", "recordcount"));
    assertEquals("-p='=5' is invalid: no property name before '='; accepted: key=value, e.g. -p recordcount=1000",
        message("run", "-db", "X", "-p", "=5"));
    assertEquals("-P='/no/such/file' is invalid: no such file; accepted: a readable workload or properties file, "
        + "e.g. workloads/workloada", message("load", "-db", "X", "-P", "/no/such/file"));
    assertEquals("argument='-x' is invalid: unknown option; accepted: " + ClientArguments.OPTIONS,
        message("run", "-db", "X", "-x"));
    assertEquals("-l=(not set) is invalid: the option needs a value; accepted: " + ClientArguments.OPTIONS,
        message("run", "-db", "X", "-l"));
    assertEquals("command='start' is invalid; accepted: load, run or shell", message("start"));
    assertEquals("-db=(not set) is invalid; accepted: a class implementing site.ycsb.DB", message("run"));
  }

  private static String message(String... args) {
    return assertThrows(InvalidPropertyException.class, () -> ClientArguments.parse(List.of(args))).getMessage();
  }
}
