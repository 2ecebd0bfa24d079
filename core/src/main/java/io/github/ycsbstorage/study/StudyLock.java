package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.BadInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One study process per results folder: an operating-system lock on {@code <folder>/.study.lock},
 * which the system releases when its owner ends, however it ends, so that a killed study never
 * keeps its resume out. The file holds the owner's pid for the refusal message. Not thread-safe.
 */
final class StudyLock implements AutoCloseable {
  static final String FILE = ".study.lock";

  private final FileChannel channel;
  private final FileLock lock;

  private StudyLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the folder's lock.
   *
   * @throws io.github.ycsbstorage.config.BadInputException when another study process holds it (exit 2)
   */
  static StudyLock acquire(Path folder) throws IOException {
    var file = folder.resolve(FILE);
    var channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException inThisJvm) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      var owner = Files.readString(file, StandardCharsets.UTF_8).trim();
      throw new BadInputException("the study folder " + folder + " is in use by another study process"
          + (owner.isEmpty() ? "" : " (pid " + owner + ")") + "; wait for it to end or stop it, then run again");
    }
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)));
    channel.force(false);
    return new StudyLock(channel, lock);
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
