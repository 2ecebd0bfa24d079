package io.github.ycsbstorage.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that readers see either nothing or the whole content: a temporary file in the
 * same folder, then an atomic rename. An interrupted study thus never leaves a half-written result
 * that resume would take for complete. Stateless.
 */
public final class AtomicFile {
  private AtomicFile() {
  }

  public static void write(Path target, byte[] content) throws IOException {
    var folder = target.toAbsolutePath().getParent();
    Files.createDirectories(folder);
    var temporary = Files.createTempFile(folder, "." + target.getFileName(), ".tmp");
    try {
      Files.write(temporary, content);
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
