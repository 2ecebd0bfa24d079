package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The client threads YCSB 0.17.0 starts, and a missing one reported once. */
class ClientThreadsTest {
  private static Properties properties(String... pairs) {
    var p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  @Test
  void aThreadThatNeverReachedTheWorkloadIsReportedOnce() {
    var threads = ClientThreads.of(properties("threadcount", "4", "operationcount", "1000"), false);
    for (int i = 0; i < 3; i++) {
      threads.started();
    }
    assertEquals(Optional.of("1 of 4 client threads did not start (their binding's init() failed or did not return;"
        + " YCSB printed its error): their share of the work was not done"), threads.takeMissing());
    assertEquals(Optional.empty(), threads.takeMissing(), "once: the watch or the cleanup records it");
  }

  @Test
  void asManyAsYcsbStartsNoMoreThanTheOperations() {
    // YCSB's Client lowers threadcount to the operations (inserts in a load) when there are fewer
    var load = ClientThreads.of(properties("threadcount", "8", "recordcount", "3"), true);
    for (int i = 0; i < 3; i++) {
      load.started();
    }
    assertEquals(Optional.empty(), load.takeMissing());
    var inserts = ClientThreads.of(properties("threadcount", "8", "recordcount", "100", "insertcount", "2"), true);
    inserts.started();
    assertEquals(Optional.of("1 of 2 client threads did not start (their binding's init() failed or did not"
        + " return; YCSB printed its error): their share of the work was not done"), inserts.takeMissing());
    var unbounded = ClientThreads.of(properties(), false); // operationcount 0: one thread by default
    assertEquals(Optional.of("1 of 1 client threads did not start (their binding's init() failed or did not"
        + " return; YCSB printed its error): their share of the work was not done"), unbounded.takeMissing());
  }
}
