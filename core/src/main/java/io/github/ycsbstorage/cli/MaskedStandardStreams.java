package io.github.ycsbstorage.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Puts {@link SecretMaskingOutputStream} between the process and its stdout and stderr, for every
 * command: YCSB prints its command line and BasicDB all properties, passwords included; a study's
 * server command or a report's error message may hold a connection string.
 */
final class MaskedStandardStreams {
  private MaskedStandardStreams() {
  }

  /**
   * @param interactive for the shell: its prompt has no line end, so whatever is pending is written
   *                    (masked) before the shell waits for input
   */
  static void install(boolean interactive) {
    var charset = Charset.defaultCharset();
    var out = new SecretMaskingOutputStream(new FileOutputStream(FileDescriptor.out), charset);
    var err = new SecretMaskingOutputStream(new FileOutputStream(FileDescriptor.err), charset);
    System.setOut(new PrintStream(out, true, charset));
    System.setErr(new PrintStream(err, true, charset));
    if (interactive) {
      System.setIn(new FilterInputStream(new FileInputStream(FileDescriptor.in)) {
        @Override
        public int read() throws IOException {
          drain(out, err);
          return super.read();
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
          drain(out, err);
          return super.read(bytes, offset, length);
        }
      });
    }
    // The commands end with System.exit: a last line without a line end must still come out.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        drain(out, err);
      } catch (IOException e) {
        // stdout or stderr is gone; there is nowhere left to report to
      }
    }, "drain-masked-output"));
  }

  private static void drain(SecretMaskingOutputStream out, SecretMaskingOutputStream err) throws IOException {
    out.drain();
    err.drain();
  }
}
