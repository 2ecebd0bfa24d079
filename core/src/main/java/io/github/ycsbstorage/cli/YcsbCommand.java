package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point behind {@code bin/ycsb load|run|shell}: checks the arguments and properties, then
 * hands over to YCSB 0.17.0's own {@code site.ycsb.Client} (or {@code CommandLine} for shell), so
 * that threads, throttling, measurements and exporters behave exactly as in YCSB.
 *
 * <p>Bad input exits with status 2 and a message naming the argument, before YCSB starts.
 */
public final class YcsbCommand {
  /** Exit status for bad input. */
  public static final int EXIT_BAD_INPUT = 2;

  private YcsbCommand() {
  }

  /** YCSB prints its command line, passwords included; everything it prints goes through masking. */
  private static void maskSecretsInStandardStreams() {
    var charset = Charset.defaultCharset();
    var out = new SecretMaskingOutputStream(new FileOutputStream(FileDescriptor.out), charset);
    var err = new SecretMaskingOutputStream(new FileOutputStream(FileDescriptor.err), charset);
    System.setOut(new PrintStream(out, true, charset));
    System.setErr(new PrintStream(err, true, charset));
    // YCSB ends with System.exit: a last line without a line end must still come out.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        out.drain();
        err.drain();
      } catch (IOException e) {
        // stdout or stderr is gone; there is nowhere left to report to
      }
    }, "drain-masked-output"));
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 1 && args[0].equals("--version")) {
      System.out.println(Version.describe());
      return;
    }
    ClientArguments parsed;
    try {
      parsed = ClientArguments.parse(Arrays.asList(args));
      NamespaceValidator.discover(YcsbCommand.class.getClassLoader()).validate(parsed.effectiveProperties());
    } catch (InvalidPropertyException e) {
      System.err.println("ycsb: error: " + e.getMessage());
      System.exit(EXIT_BAD_INPUT);
      return;
    }
    var ycsbArgs = new ArrayList<String>(List.of("-db", parsed.dbClass()));
    if (parsed.phase().equals("shell")) {
      // Interactive: the prompt has no line end, so it must not wait in a line-masking buffer.
      ycsbArgs.addAll(parsed.clientArgs());
      site.ycsb.CommandLine.main(ycsbArgs.toArray(String[]::new));
      return;
    }
    maskSecretsInStandardStreams();
    ycsbArgs.add(parsed.phase().equals("load") ? "-load" : "-t");
    ycsbArgs.addAll(parsed.clientArgs());
    site.ycsb.Client.main(ycsbArgs.toArray(String[]::new));
  }
}
