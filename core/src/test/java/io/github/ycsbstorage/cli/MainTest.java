package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit statuses of {@code bin/ycsb study|report|demo}: 0 done, 2 bad input. */
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
  }
}
