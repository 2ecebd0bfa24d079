package io.github.ycsbstorage.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb demo} through core's {@link Main}, which finds the command on the classpath: its
 * help, and bad input refused with exit 2 and the argument named before anything runs or is written.
 */
class DemoCommandTest {
  @Test
  void mainFindsTheDemoOnTheClasspath() {
    assertEquals(0, Main.execute("demo", "--help"));
  }

  @Test
  void badInputExits2NamingTheArgumentBeforeAnyWork(@TempDir Path dir) throws Exception {
    var file = Files.writeString(dir.resolve("a-file"), "x");
    var err = new ByteArrayOutputStream();
    var saved = System.err;
    System.setErr(new PrintStream(err, true));
    try {
      assertEquals(2, Main.execute("demo", "-o", file.resolve("report").toString()));
      assertEquals(2, Main.execute("demo", "--binding", "nosuch"));
    } finally {
      System.setErr(saved);
    }
    var messages = err.toString();
    assertTrue(messages.contains("-o='" + file.resolve("report") + "' is invalid: " + file + " is not a writable folder"),
        messages);
    assertTrue(messages.contains("--binding='nosuch' is invalid"), messages);
    assertTrue(messages.contains("rocksdb or mongodb"), messages);
    try (var left = Files.list(dir)) {
      assertEquals(1, left.count(), "nothing written beside the file");
    }
  }
}
