package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output samples of README.md and the guides ({@link DocSamples}) against real {@code bin/ycsb}
 * output: one embedded {@code rocksdb} load and run, as README's walk types them. A sample that no test
 * checks fails too, so that a new one cannot drift unseen.
 */
class DocSamplesIT {
  /** The samples this class checks. */
  private static final Set<String> CHECKED_HERE = Set.of("walk-load", "walk-run-export", "precondition-dataset");
  /** The samples whose output another test produces anyway, and checks there. */
  private static final Set<String> CHECKED_ELSEWHERE = Set.of("demo");

  @Test
  void everySampleInTheGuidesIsChecked() {
    var checked = new TreeSet<>(CHECKED_HERE);
    checked.addAll(CHECKED_ELSEWHERE);
    assertEquals(checked, new TreeSet<>(DocSamples.all().keySet()),
        "each <!-- sample: NAME --> of README.md and docs/*.md needs a test that checks it, and each checked name a sample");
  }

  /** README's walk on the embedded engine: the load's plan, progress and achieved size, the run's export. */
  @Test
  void theWalksLoadAndRunPrintWhatTheReadmeShows(@TempDir Path dir) throws Exception {
    var common = new String[] {"-P", "workloads/storage/read-heavy-zipfian-1x1000", "-p", "rocksdb.dir=" + dir.resolve("db"),
        "-p", "storage.server.memory=16MB", "-p", "storage.dataset.ratio=2"};
    var load = ycsb(concat(new String[] {"load", "rocksdb"}, common, new String[] {"-p", "storage.precondition=dataset",
        "-p", "storage.precondition.round=1s", "-p", "storage.precondition.rounds=5",
        "-p", "exportfile=" + dir.resolve("load.txt")}));
    assertEquals(0, load.exitCode(), load::all);
    DocSamples.assertMatches("walk-load", load.stderr());
    DocSamples.assertMatches("precondition-dataset", load.stderr());

    var run = ycsb(concat(new String[] {"run", "rocksdb"}, common, new String[] {"-p", "operationcount=20000",
        "-p", "exportfile=" + dir.resolve("run.txt")}));
    assertEquals(0, run.exitCode(), run::all);
    DocSamples.assertMatches("walk-run-export", Files.readString(dir.resolve("run.txt")));
  }

  private static String[] concat(String[]... parts) {
    return Stream.of(parts).flatMap(Stream::of).toArray(String[]::new);
  }
}
