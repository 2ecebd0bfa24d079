package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.SecretMasker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Masks secrets in everything written through it, line by line. YCSB's {@code Client} echoes its
 * whole command line, {@code -p mongodb.url=mongodb://user:password@...} included, to stderr; this
 * stream sits between YCSB and the real stdout/stderr so that no password reaches a terminal or log.
 * A line is written once complete, so a secret split over several {@code print} calls is still
 * masked; {@link PrintStream} flushes after every {@code print}, so {@link #flush()} cannot write a
 * partial line. {@link #drain()} writes one at the end.
 *
 * <p>Thread-safe, with a short critical section: a writer only appends to the line buffer and queues
 * the lines it completed; masking and writing happen under a second lock that a writer only tries,
 * so it never waits while another thread masks — that thread writes the queued lines too, in order.
 */
public final class SecretMaskingOutputStream extends OutputStream {
  private final OutputStream target;
  private final Charset charset;
  /** The line being written; guarded by itself. */
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
  /** Complete lines in the order they ended, waiting to be masked and written. */
  private final Queue<byte[]> complete = new ConcurrentLinkedQueue<>();
  private final ReentrantLock writing = new ReentrantLock();

  public SecretMaskingOutputStream(OutputStream target, Charset charset) {
    Check.argument(target != null && charset != null, "target and charset must not be null");
    this.target = target;
    this.charset = charset;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    synchronized (line) {
      int from = offset;
      for (int i = offset; i < offset + length; i++) {
        if (bytes[i] == '\n') {
          line.write(bytes, from, i + 1 - from);
          complete.add(line.toByteArray());
          line.reset();
          from = i + 1;
        }
      }
      line.write(bytes, from, offset + length - from);
    }
    writeComplete(false);
  }

  /** Writes the complete lines; whoever is writing already takes the lines queued meanwhile. */
  @Override
  public void flush() throws IOException {
    writeComplete(false);
  }

  /** Writes a pending partial line, masked, after all complete ones; for the end of the process. */
  public void drain() throws IOException {
    synchronized (line) {
      if (line.size() > 0) {
        complete.add(line.toByteArray());
        line.reset();
      }
    }
    writeComplete(true);
  }

  @Override
  public void close() throws IOException {
    drain();
    target.close();
  }

  private void writeComplete(boolean wait) throws IOException {
    // Re-checked after unlocking: a line queued while this thread wrote, by a writer whose tryLock
    // failed, is written by this thread.
    while (!complete.isEmpty()) {
      if (wait) {
        writing.lock();
      } else if (!writing.tryLock()) {
        return;
      }
      try {
        for (var bytes = complete.poll(); bytes != null; bytes = complete.poll()) {
          var text = new String(bytes, charset);
          var masked = SecretMasker.maskText(text);
          target.write(masked.equals(text) ? bytes : masked.getBytes(charset));
        }
        target.flush();
      } finally {
        writing.unlock();
      }
    }
  }
}
