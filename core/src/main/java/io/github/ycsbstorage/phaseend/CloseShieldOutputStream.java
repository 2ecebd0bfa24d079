package io.github.ycsbstorage.phaseend;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Passes writes through but only flushes on close, because YCSB's exporters close the stream they
 * are given and our summary lines (or stdout itself) must still be written after that. Thread safety
 * is that of the wrapped stream.
 */
final class CloseShieldOutputStream extends FilterOutputStream {
  CloseShieldOutputStream(OutputStream out) {
    super(out);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    out.write(bytes, offset, length);
  }

  @Override
  public void close() throws IOException {
    flush();
  }
}
