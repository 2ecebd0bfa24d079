package io.github.ycsbstorage.result;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Writes a file so that readers see either nothing or the whole content: a temporary file in the
 * same folder, then a rename, so that a file that exists is complete (an interrupted study never
 * leaves a half-written result that resume would take for complete). Where the file system cannot
 * rename atomically, a plain replacing rename follows. The temporary file never outlives the call.
 * Only a regular file is ever replaced (see {@code cli/OutputPaths}, which refuses other outputs up front).
 * Stateless.
 */
public final class AtomicFile {
  /** Writes the content into the stream it is given; the stream is closed afterwards. */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFile() {
  }

  /**
   * Removes the file at {@code target} after its new content could not be written, so that an earlier
   * phase's file at the same path never passes for this one's; only a regular file, never through a
   * link ({@code exportfile=/dev/stdout}).
   *
   * @return for the message: {@code <target>} when it was removed, {@code not <target> (why)} when it
   *         could not be, empty when there was nothing to remove
   */
  public static Optional<String> discard(Path target) {
    try {
      return Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && Files.deleteIfExists(target)
          ? Optional.of(target.toString()) : Optional.empty();
    } catch (IOException e) {
      return Optional.of("not " + target + " (" + e.getMessage() + ")");
    }
  }

  public static void write(Path target, byte[] content) throws IOException {
    write(target, out -> out.write(content));
  }

  /**
   * @throws IOException also when {@code target} exists and is not a regular file (a device, a FIFO):
   *                     a rename would replace it, which is never ours to destroy
   */
  public static void write(Path target, Content content) throws IOException {
    var absolute = target.toAbsolutePath();
    if (Files.exists(absolute)) {
      if (!Files.isRegularFile(absolute)) {
        throw new IOException(absolute + " is not a regular file: not replaced");
      }
      absolute = absolute.toRealPath(); // through a link to the file, not replacing the link
    }
    var folder = absolute.getParent();
    Files.createDirectories(folder);
    var temporary = Files.createTempFile(folder, "." + absolute.getFileName(), ".tmp");
    try {
      try (var out = Files.newOutputStream(temporary)) {
        content.writeTo(out);
      }
      try {
        Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
