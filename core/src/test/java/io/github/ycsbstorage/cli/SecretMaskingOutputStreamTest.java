package io.github.ycsbstorage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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

  /** Threads printing at once: every line comes out whole and masked, each thread's lines in order. */
  @Test
  void linesOfConcurrentWritersStayWholeAndMasked() throws Exception {
    var target = new ByteArrayOutputStream();
    var stream = new SecretMaskingOutputStream(target, StandardCharsets.UTF_8);
    var out = new PrintStream(stream, true, StandardCharsets.UTF_8);
    int threads = 8;
    int lines = 2_000;
    var pool = Executors.newFixedThreadPool(threads);
    try {
      var done = new ArrayList<Future<?>>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          for (int i = 0; i < lines; i++) {
            out.println("thread " + thread + " line " + i + " mongodb://u:secret" + i + "@h/db");
          }
        }));
      }
      for (var future : done) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
    stream.drain();
    var written = target.toString(StandardCharsets.UTF_8).split("\n");
    assertEquals(threads * lines, written.length);
    var next = new int[threads];
    for (var line : written) {
      var words = line.split(" ");
      int thread = Integer.parseInt(words[1]);
      assertEquals(List.of("thread", words[1], "line", Integer.toString(next[thread]), "mongodb://u:*****@h/db"),
          Arrays.asList(words), line);
      next[thread]++;
    }
    assertTrue(Arrays.stream(next).allMatch(n -> n == lines));
  }
}
