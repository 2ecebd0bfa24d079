package io.github.ycsbstorage.cli;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output-path policy with real special files made under a temporary folder only: a FIFO
 * ({@code mkfifo}) and, as root, a character device ({@code mknod}, a copy of /dev/null's numbers).
 */
class OutputPathsTest {
  @Test
  void aFifoIsRefusedNotHungOnAndNotReplaced(@TempDir Path dir) throws Exception {
    var fifo = dir.resolve("export.txt");
    assumeTrue(run("mkfifo", fifo.toString()) == 0, "mkfifo is not available");
    var message = refused("exportfile", fifo);
    assertTrue(message.contains("it is a FIFO (named pipe), which an output would replace or hang on"), message);
    assertThrows(IOException.class, () -> AtomicFile.write(fifo, new byte[] {1}));
    assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "the FIFO is still there");
  }

  @Test
  void aCharacterDeviceIsRefusedAndNeverReplaced(@TempDir Path dir) throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "mknod needs root");
    var device = dir.resolve("result.json");
    assumeTrue(run("mknod", device.toString(), "c", "1", "3") == 0, "mknod failed");
    var message = refused("storage.result", device);
    assertTrue(message.contains("it is a character device"), message);
    assertThrows(IOException.class, () -> AtomicFile.write(device, new byte[] {1}));
    assertTrue(Files.exists(device) && !Files.isRegularFile(device), "the device is still there");
  }

  /** /dev/stdout is a stream: refused whatever it is redirected to (a file would get derived files in /dev). */
  @Test
  void aLinkIntoProcIsAStream() {
    assumeTrue(Files.isSymbolicLink(Path.of("/dev/stdout")), "no /dev/stdout link");
    var message = refused("exportfile", Path.of("/dev/stdout"));
    assertTrue(message.contains("it is a stream of this process (a link into /proc, as /dev/stdout is)"), message);
  }

  @Test
  void aFolderThatAcceptsNoNewFileIsRefusedWhoeverRuns() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc");
    var message = refused("exportfile", Path.of("/proc/x"));
    assertTrue(message.contains("/proc does not accept new files"), message);
    var folder = assertThrows(InvalidPropertyException.class,
        () -> OutputPaths.checkFolder("-o", Path.of("/proc/x/report"))).getMessage();
    assertTrue(folder.contains("/proc does not accept new files"), folder);
  }

  @Test
  void twoOutputsOnOneFileAreRefused(@TempDir Path dir) {
    var file = dir.resolve("x.txt").toString();
    var message = assertThrows(InvalidPropertyException.class, () -> OutputPaths.checkPhaseOutputs(
        properties("exportfile", file, "storage.result", dir + "/./x.txt"))).getMessage();
    assertEquals("storage.result='" + dir + "/./x.txt' is invalid: it is also exportfile: one output would "
        + "overwrite the other; accepted: a file of its own", message);
    var hdr = assertThrows(InvalidPropertyException.class, () -> OutputPaths.checkPhaseOutputs(properties(
        "collector.output", dir.resolve("hdr-READ.hdr").toString(), "hdrhistogram.fileoutput", "true",
        "hdrhistogram.output.path", dir + "/hdr-"))).getMessage();
    assertTrue(hdr.contains("it is also one of hdrhistogram.output.path's logs"), hdr);
    assertDoesNotThrow(() -> OutputPaths.checkPhaseOutputs(properties("exportfile", file,
        "storage.result", dir.resolve("r.json").toString())));
    assertEquals(List.of(), list(dir), "the probe leaves nothing behind");
  }

  @Test
  void aMissingHdrHistogramFolderIsRefused(@TempDir Path dir) {
    var message = assertThrows(InvalidPropertyException.class, () -> OutputPaths.checkHdrFolderExists(properties(
        "hdrhistogram.fileoutput", "true", "hdrhistogram.output.path", dir + "/none/hdr-"))).getMessage();
    assertTrue(message.contains("no folder " + dir + "/none (YCSB does not create it)"), message);
  }

  private static String refused(String key, Path file) {
    return assertThrows(InvalidPropertyException.class, () -> OutputPaths.checkFile(key, file.toString())).getMessage();
  }

  private static List<Path> list(Path dir) {
    try (var files = Files.list(dir)) {
      return files.toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static int run(String... command) throws Exception {
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }
}
