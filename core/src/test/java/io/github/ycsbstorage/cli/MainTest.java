package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit statuses of {@code bin/ycsb study|report}: 0 done, 2 bad input (the demo's: DemoCommandTest). */
class MainTest {
  @Test
  void helpExits0() {
    assertEquals(0, Main.execute("report", "--help"));
    assertEquals(0, Main.execute("study", "--help"));
  }

  @Test
  void badArgumentsExit2(@TempDir Path dir) throws Exception {
    assertEquals(2, Main.execute("report"), "missing results folder");
    assertEquals(2, Main.execute("report", dir.resolve("absent").toString()));
    assertEquals(2, Main.execute("report", Files.createDirectories(dir.resolve("empty")).toString()),
        "a folder without result files");
    assertEquals(2, Main.execute("frobnicate"));
    var results = Files.createDirectories(dir.resolve("results")).toString();
    assertEquals(2, Main.execute("report", results, "--look-back", "0"), "at least one earlier study");
    assertEquals(2, Main.execute("report", results, "--store", dir.resolve("r.db").toString()), "--store without --look-back");
    assertEquals(2, Main.execute("report", results, "--look-back", "3", "--store", "off"), "no store to look into");
  }

  /** Output folders are checked before any work: a path under a file cannot be written, also by root. */
  @Test
  void anOutputFolderThatCannotBeWrittenExits2BeforeAnyWork(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("a-file"), "x");
    var results = Files.createDirectories(dir.resolve("results"));
    var err = new java.io.ByteArrayOutputStream();
    var saved = System.err;
    System.setErr(new java.io.PrintStream(err, true));
    try {
      assertEquals(2, Main.execute("report", results.toString(), "-o", file.resolve("report").toString()));
      assertEquals(2, Main.execute("report", results.toString(), "-o", file.toString()));
      var study = Files.writeString(dir.resolve("study.properties"), "study.binding=basic\n");
      assertEquals(2, Main.execute("study", study.toString(), "--report", file.resolve("report").toString()));
    } finally {
      System.setErr(saved);
    }
    var messages = err.toString();
    org.junit.jupiter.api.Assertions.assertTrue(messages.contains("-o='" + file.resolve("report") + "' is invalid: "
        + file + " is not a writable folder"), messages);
    org.junit.jupiter.api.Assertions.assertTrue(messages.contains("-o='" + file + "' is invalid: it is not a folder"), messages);
    org.junit.jupiter.api.Assertions.assertTrue(messages.contains("--report='" + file.resolve("report") + "' is invalid: "
        + file + " is not a writable folder"), messages);
    try (var left = Files.list(dir)) {
      assertEquals(3, left.count(), "nothing written beside the file and the study file");
    }
  }

  @Test
  void anUnexpectedErrorPrintsItsStackTraceAFailureOfTheEnvironmentItsMessage() {
    var defect = new java.io.StringWriter();
    assertEquals(1, Main.failed(new ArrayIndexOutOfBoundsException("Index 6837 out of bounds for length 5120"),
        new java.io.PrintWriter(defect, true)));
    org.junit.jupiter.api.Assertions.assertTrue(defect.toString().startsWith("ycsb: error: java.lang."
        + "ArrayIndexOutOfBoundsException: Index 6837 out of bounds for length 5120\njava.lang."
        + "ArrayIndexOutOfBoundsException: Index 6837 out of bounds for length 5120\n\tat io.github.ycsbstorage.cli."
        + "MainTest."), defect::toString);
    var full = new java.io.StringWriter();
    assertEquals(1, Main.failed(new java.io.IOException("No space left on device"), new java.io.PrintWriter(full, true)));
    assertEquals("ycsb: error: java.io.IOException: No space left on device\n", full.toString());
    var bad = new java.io.StringWriter();
    assertEquals(2, Main.failed(new io.github.ycsbstorage.config.InvalidPropertyException("k", "v", "w"),
        new java.io.PrintWriter(bad, true)));
    assertEquals("ycsb: error: k='v' is invalid; accepted: w\n", bad.toString());
  }
}
