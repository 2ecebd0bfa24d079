package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.testkit.Tmpfs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The free-space preconditioning on a real file system of the test's own (root only): a 64 MiB
 * {@link Tmpfs} in a temporary folder, unmounted on every path. It must write the free space less the
 * reserve (the file system's own free space shows it taken), record the rounds' rates, delete its file
 * on every path, and leave the folder's other files as they were.
 */
class FreeSpaceFillTest {
  private static final long SIZE = 64L << 20;
  /** The tmpfs's size as {@code mount} takes it. */
  static final String MOUNT_SIZE = "64m";
  static final long RESERVE = 8L << 20;

  private static StorageSettings.Precondition settings(long reserve) {
    return new StorageSettings.Precondition(StorageSettings.PreconditionTarget.FREESPACE,
        new StorageSettings.Steady(Duration.ofMillis(100), 25, StorageSettings.SteadyMetric.THROUGHPUT),
        Optional.of(ByteSize.ofBytes(reserve)));
  }

  private static List<Path> files(Path folder) throws IOException {
    try (Stream<Path> list = Files.list(folder)) {
      return list.sorted().toList();
    }
  }

  @Test
  void writesTheFreeSpaceLessTheReserveRecordsItsRatesAndDeletesItsFile(@TempDir Path temp) throws Exception {
    try (var tmpfs = Tmpfs.mount(Files.createDirectory(temp.resolve("mnt")), MOUNT_SIZE)) {
      var folder = tmpfs.path();
      var mine = Files.writeString(folder.resolve("data.sst"), "the engine's file");
      long freeBefore = Files.getFileStore(folder).getUsableSpace();
      var leastFree = new AtomicLong(Long.MAX_VALUE);
      BooleanSupplier watch = () -> {
        try {
          leastFree.accumulateAndGet(Files.getFileStore(folder).getUsableSpace(), Math::min);
        } catch (IOException e) {
          throw new AssertionError(e);
        }
        return false;
      };

      var done = FreeSpaceFill.run(settings(RESERVE), folder, watch);

      var fill = done.freeSpace().orElseThrow();
      assertEquals(freeBefore, fill.freeBytes(), "the free space as the file system reported it");
      assertEquals(RESERVE, fill.reserveBytes());
      assertEquals(freeBefore - RESERVE, fill.bytesWritten(), done.summary());
      // the file system saw it: its free space fell to the reserve, give or take the last 1 MiB write
      assertTrue(leastFree.get() <= RESERVE + 2 * FreeSpaceFill.BLOCK, "least free: " + leastFree.get());
      assertEquals((fill.bytesWritten() + FreeSpaceFill.BLOCK - 1) / FreeSpaceFill.BLOCK, done.operations());
      assertTrue(fill.deleted());
      assertFalse(Files.exists(Path.of(fill.file())), fill.file());
      assertEquals(folder, Path.of(fill.file()).getParent());
      assertEquals(List.of(mine), files(folder), "nothing else touched");
      assertEquals("the engine's file", Files.readString(mine));
      assertEquals(freeBefore, Files.getFileStore(folder).getUsableSpace(), "the space is free again");
      var rounds = done.steady().rounds();
      assertFalse(rounds.isEmpty(), done.summary());
      assertTrue(rounds.stream().allMatch(r -> r.opsPerSec() > 0), rounds.toString());
      assertEquals("MiB written per second", done.roundUnit());
      assertTrue(done.summary().startsWith("wrote 58.7 MB of the 67.1 MB free (leaving a reserve of 8.4 MB) to "
          + fill.file() + ", then deleted it; "), done.summary());
    }
  }

  @Test
  void aWriteThatFailsStillDeletesTheFile(@TempDir Path temp) throws Exception {
    try (var tmpfs = Tmpfs.mount(Files.createDirectory(temp.resolve("mnt")), MOUNT_SIZE)) {
      var folder = tmpfs.path();
      var squatter = folder.resolve("squatter");
      // halfway, another writer takes the rest of the file system: the fill's next write fails (ENOSPC)
      BooleanSupplier takeTheSpace = () -> {
        try {
          if (!Files.exists(squatter)) {
            try (var file = new RandomAccessFile(squatter.toFile(), "rw")) {
              var block = new byte[1 << 20];
              while (true) {
                file.write(block);
              }
            } catch (IOException full) {
              // the file system is full, as meant
            }
          }
        } catch (RuntimeException e) {
          throw new AssertionError(e);
        }
        return false;
      };
      var failure = assertThrows(IOException.class, () -> FreeSpaceFill.run(settings(RESERVE), folder, takeTheSpace));
      assertEquals(List.of(squatter), files(folder), "the fill's file is gone after " + failure);
      // what failed, how far it got and what became of the file
      assertTrue(failure.getMessage().matches("writing " + java.util.regex.Pattern.quote(folder.toString())
          + "/\\.ycsb-storage-precondition-\\S+\\.fill failed after \\S+ [KMGTPE]?B of \\S+ [KMGTPE]?B: No space left on"
          + " device; the file was deleted"), failure.getMessage());
    }
  }

  @Test
  void aReserveAboveTheFreeSpaceWritesNothing(@TempDir Path temp) throws Exception {
    try (var tmpfs = Tmpfs.mount(Files.createDirectory(temp.resolve("mnt")), MOUNT_SIZE)) {
      var folder = tmpfs.path();
      var refused = assertThrows(IOException.class, () -> FreeSpaceFill.run(settings(SIZE * 2), folder, () -> false));
      assertTrue(refused.getMessage().endsWith("free, no more than the reserve of 134.2 MB: nothing to write (a smaller "
          + "storage.precondition.reserve leaves some)"), refused.getMessage());
      assertEquals(List.of(), files(folder));
    }
  }

  @Test
  void theDefaultReserveIsFivePerCentOfTheFileSystemAndAtLeastOneGibibyte(@TempDir Path temp) throws Exception {
    var store = Files.getFileStore(temp);
    assertEquals(Math.max(1L << 30, Math.round(store.getTotalSpace() * 0.05)), FreeSpaceFill.reserve(Optional.empty(), store));
    assertEquals(RESERVE, FreeSpaceFill.reserve(Optional.of(ByteSize.ofBytes(RESERVE)), store));
  }
}
