package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SecretMaskingOutputStreamTest {

  @Test
  void masksTheCommandLineAsYcsbEchoesIt() throws Exception {
    var target = new ByteArrayOutputStream();
    var outStream = new SecretMaskingOutputStream(target, StandardCharsets.UTF_8);
    var out = new PrintStream(outStream, true, StandardCharsets.UTF_8);
    // The way YCSB's Client echoes its command line: one print per argument, then a line end.
    out.print("Command line:");
    for (var arg : new String[] {"-db", "X", "-p", "oraclenosql.password=tiger", "-p", "recordcount=5"}) {
      out.print(" " + arg);
    }
    out.println();
    out.print("partial line without end");
    assertEquals("Command line: -db X -p oraclenosql.password=***** -p recordcount=5\n",
        target.toString(StandardCharsets.UTF_8), "a partial line waits for its end, even though print flushes");
    outStream.drain();
    assertEquals("Command line: -db X -p oraclenosql.password=***** -p recordcount=5\npartial line without end",
        target.toString(StandardCharsets.UTF_8));
  }

  @Test
  void masksUrlPasswordsLineByLine() {
    var target = new ByteArrayOutputStream();
    var out = new PrintStream(new SecretMaskingOutputStream(target, StandardCharsets.UTF_8), true,
        StandardCharsets.UTF_8);
    out.print(" -p mongodb.url=mongodb://admin:");
    out.print("hunter2@db1/ycsb");
    out.println();
    out.println("[OVERALL], RunTime(ms), 12");
    assertEquals(" -p mongodb.url=mongodb://admin:*****@db1/ycsb\n[OVERALL], RunTime(ms), 12\n",
        target.toString(StandardCharsets.UTF_8));
  }
}
