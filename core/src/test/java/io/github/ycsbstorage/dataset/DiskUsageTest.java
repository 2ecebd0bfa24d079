package io.github.ycsbstorage.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Allocated bytes under directory trees, checked against files of sizes this test chose. */
class DiskUsageTest {
  @Test
  void allocatedBytesOfATreeAreItsFilesRoundedUpToBlocksAndItsDirectories(@TempDir Path root) throws Exception {
    var random = new Random(7);
    var nested = Files.createDirectories(root.resolve("a/b"));
    long[] sizes = {1, 4096, 100_000, 1_048_576};
    long written = 0;
    for (int i = 0; i < sizes.length; i++) {
      var bytes = new byte[(int) sizes[i]];
      random.nextBytes(bytes);
      Files.write((i % 2 == 0 ? root : nested).resolve("f" + i), bytes);
      written += sizes[i];
    }
    // a sparse file: 64 MiB long, 4 KiB written; du counts the 4 KiB
    try (var channel = FileChannel.open(root.resolve("sparse"), StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE)) {
      channel.write(java.nio.ByteBuffer.wrap(new byte[4096]), 64L << 20);
    }
    long block = Files.getFileStore(root).getBlockSize();
    long allocated = new DiskUsage().allocatedBytes(List.of(root));
    // each file rounds up to blocks; three directories take a block or more each
    long files = 0;
    for (var size : sizes) {
      files += (size + block - 1) / block * block;
    }
    assertTrue(allocated >= files + block && allocated <= files + 8 * block + 3 * 64 * 1024,
        "allocated " + allocated + " B for " + written + " B in files (" + files + " B in blocks of " + block + ")");
    assertTrue(allocated < 64L << 20, "holes are not allocated: " + allocated);
  }

  @Test
  void aFileReachedThroughTwoPathsCountsOnce(@TempDir Path root) throws Exception {
    var data = Files.createDirectories(root.resolve("data"));
    Files.write(data.resolve("f"), new byte[1 << 20]);
    var du = new DiskUsage();
    assertEquals(du.allocatedBytes(List.of(root)), du.allocatedBytes(List.of(root, data)));
    assertEquals(du.allocatedBytes(List.of(root)), du.allocatedBytes(List.of(data, root, root.resolve("data/."))));
  }

  @Test
  void aMissingPathIsAnErrorNamingIt(@TempDir Path root) {
    var error = assertThrows(IOException.class, () -> new DiskUsage().allocatedBytes(List.of(root.resolve("nope"))));
    assertTrue(error.getMessage().contains("nope"), error.getMessage());
  }

  @Test
  void duOutputIsSummedPerPathAndAVanishedFileDoesNotLoseTheTotals() throws Exception {
    assertEquals((120 + 4) * 1024L, DiskUsage.parse("120\t/data\n4\t/journal\n", 2,
        "du: cannot access '/data/WiredTiger.turtle.set': No such file or directory"));
    var error = assertThrows(IOException.class, () -> DiskUsage.parse("120\t/data\n", 2, "du: cannot access '/j'"));
    assertEquals("du: cannot access '/j'", error.getMessage());
    assertThrows(IOException.class, () -> DiskUsage.parse("total\t/data\n", 1, ""));
  }

  @Test
  void aCommandThatCannotRunSaysSo(@TempDir Path root) {
    var error = assertThrows(IOException.class,
        () -> new DiskUsage(List.of("/nonexistent/du")).allocatedBytes(List.of(root)));
    assertTrue(error.getMessage().startsWith("cannot run /nonexistent/du"), error.getMessage());
  }
}
