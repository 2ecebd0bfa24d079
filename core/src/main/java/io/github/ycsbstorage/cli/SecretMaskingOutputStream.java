package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.SecretMasker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Masks secrets in everything written through it, line by line. YCSB's {@code Client} echoes its
 * whole command line, {@code -p mongodb.url=mongodb://user:password@...} included, to stderr; this
 * stream sits between YCSB and the real stdout/stderr so that no password reaches a terminal or log.
 * A line is written once complete, so a secret split over several {@code print} calls is still
 * masked; {@link PrintStream} flushes after every {@code print}, so {@link #flush()} cannot write a
 * partial line. {@link #drain()} writes one at the end. Thread-safe.
 */
public final class SecretMaskingOutputStream extends OutputStream {
  private final OutputStream target;
  private final Charset charset;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

  public SecretMaskingOutputStream(OutputStream target, Charset charset) {
    if (target == null || charset == null) {
      throw new IllegalArgumentException("target and charset must not be null");
    }
    this.target = target;
    this.charset = charset;
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n') {
      emitLine();
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    for (int i = offset; i < offset + length; i++) {
      write(bytes[i]);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    target.flush();
  }

  /** Writes a pending partial line, masked; for the end of the process. */
  public synchronized void drain() throws IOException {
    emitLine();
    target.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    drain();
    target.close();
  }

  private void emitLine() throws IOException {
    if (line.size() == 0) {
      return;
    }
    target.write(SecretMasker.maskText(line.toString(charset)).getBytes(charset));
    line.reset();
  }
}
