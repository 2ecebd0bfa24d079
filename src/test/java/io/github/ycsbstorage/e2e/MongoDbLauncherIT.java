package io.github.ycsbstorage.e2e;

import static io.github.ycsbstorage.e2e.Launcher.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code bin/ycsb load|run mongodb} from the unpacked distribution against a mongo-java-server that
 * the test starts in its own JVM on 127.0.0.1 and a random port; the records are counted in the
 * server afterwards.
 */
class MongoDbLauncherIT {
  @RegisterExtension
  static final MongoServerExtension mongo = new MongoServerExtension();

  private static long count(String database) {
    return mongo.database(database).getCollection("usertable").countDocuments();
  }

  @Test
  void loadThenRunWorkloadA() throws Exception {
    var url = "mongodb.url=" + mongo.url("e2e") + "?w=1";
    var load = ycsb("load", "mongodb", "-P", "workloads/workloada", "-p", url, "-threads", "2");
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.stdout().contains("[OVERALL], RunTime(ms)"), load::all);
    assertEquals(1000, figure(load.stdout(), "INSERT", "Return=OK"), load::all);
    assertEquals(1000, count("e2e"));

    var run = ycsb("run", "mongodb", "-P", "workloads/workloada", "-p", url, "-threads", "4");
    assertEquals(0, run.exitCode(), run::all);
    assertTrue(run.stdout().contains("[OVERALL], Throughput(ops/sec)"), run::all);
    assertEquals(1000, figure(run.stdout(), "READ", "Return=OK") + figure(run.stdout(), "UPDATE", "Return=OK"),
        run::all);
    assertFalse(run.stdout().contains("Return=ERROR") || run.stdout().contains("Return=NOT_FOUND"), run::all);
    assertEquals(1000, count("e2e"));
  }

  @Test
  void batchedLoadStoresEveryRecordIncludingThePartialLastBatch() throws Exception {
    // 1000 records in batches of 64: 15 full batches and 40 records that only cleanup sends.
    var load = ycsb("load", "mongodb", "-P", "workloads/workloada", "-p", "mongodb.url=" + mongo.url("e2ebatch"),
        "-p", "mongodb.batchsize=64");
    assertEquals(0, load.exitCode(), load::all);
    assertEquals(1000 - 15, figure(load.stdout(), "INSERT", "Return=BATCHED_OK"), load::all);
    assertEquals(15, figure(load.stdout(), "INSERT", "Return=OK"), load::all);
    assertEquals(1000, count("e2ebatch"));
  }

  @Test
  void aMisspeltMongodbPropertyExits2NamingTheRightOne() throws Exception {
    var result = ycsb("load", "mongodb", "-P", "workloads/workloada", "-p", "mongodb.batchsiz=10",
        "-p", "mongodb.url=" + mongo.url("e2etypo"));
    assertEquals(2, result.exitCode(), result::all);
    assertTrue(result.stderr().contains("mongodb.batchsize"), result::all);
    assertEquals(0, count("e2etypo"));
  }

  private static long figure(String stdout, String operation, String name) {
    var matcher = Pattern.compile("\\[" + operation + "\\], " + Pattern.quote(name) + ", (\\d+)").matcher(stdout);
    return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
  }
}
