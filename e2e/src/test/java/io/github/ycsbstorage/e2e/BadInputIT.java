package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input through the installed {@code bin/ycsb}: exit status 2, a message naming the
 * property or argument, the bad value and what is accepted, no result or export file written, and
 * for the mongodb cases nothing written to the (in-process) server.
 *
 * <p>Each case runs {@code load} or {@code run} with {@code exportfile} and {@code storage.result}
 * pointing into a fresh folder, which must still be empty afterwards. Cases that need an Oracle NoSQL
 * installation are skipped with the reason when {@code KVHOME} is not set.
 */
class BadInputIT {
  private static final String WORKLOAD = "workloads/storage/read-heavy-uniform-10x100";
  private static final String KVHOME = System.getenv("KVHOME");
  /** The database the mongodb cases point at; it must never be created. */
  private static final String DATABASE = "badinput";

  @RegisterExtension
  static final MongoServerExtension mongoServer = new MongoServerExtension();

  /**
   * One bad command line.
   *
   * @param name     what is wrong
   * @param kind     which command and binding it runs, deciding the extra arguments the test adds
   * @param args     the arguments after the command and binding
   * @param expected fragments the error message must contain: the property or argument with the bad
   *                 value, and what is accepted
   */
  record Case(String name, Kind kind, List<String> args, List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  enum Kind {
    /** {@code ycsb <args>} as given. */
    RAW,
    /** {@code ycsb load basic -P <storage workload> <args>} plus output files. */
    BASIC,
    /** {@code ycsb load mongodb …} against the in-process server, plus output files. */
    MONGODB,
    /** {@code ycsb load oraclenosql …} with KVHOME set, plus output files. */
    ORACLENOSQL,
    /** {@code ycsb study <file>}: args[0] is the study file's content ({dir} = the case's folder). */
    STUDY
  }

  private static Case raw(String name, List<String> args, String... expected) {
    return new Case(name, Kind.RAW, args, List.of(expected));
  }

  private static Case basic(String name, List<String> args, String... expected) {
    return new Case(name, Kind.BASIC, args, List.of(expected));
  }

  private static Case basicProperty(String key, String value, String accepted) {
    return basic(key + "=" + value, List.of("-p", key + "=" + value), key + "='" + value + "' is invalid",
        "accepted: " + accepted);
  }

  private static Case mongo(String name, List<String> args, String... expected) {
    return new Case(name, Kind.MONGODB, args, List.of(expected));
  }

  private static Case oracle(String name, List<String> args, String... expected) {
    return new Case(name, Kind.ORACLENOSQL, args, List.of(expected));
  }

  private static Case study(String name, String content, String... expected) {
    return new Case(name, Kind.STUDY, List.of(content), List.of(expected));
  }

  static Stream<Arguments> cases() {
    var cases = List.of(
        // the launcher and its arguments
        raw("unknown binding", List.of("load", "cassandra", "-P", WORKLOAD),
            "unknown binding 'cassandra'", "known bindings: basic, basicts, mongodb, oraclenosql"),
        raw("unknown command", List.of("frobnicate"),
            "unknown command 'frobnicate'", "expected load, run, shell, study, report or demo"),
        raw("no binding", List.of("run", "-P", WORKLOAD), "'ycsb run' needs a binding name first"),
        basic("missing -P file", List.of("-P", "workloads/nosuchworkload"),
            "-P='workloads/nosuchworkload' is invalid: no such file", "accepted: a readable workload"),
        basic("-P is a folder", List.of("-P", "workloads"),
            "-P='workloads' is invalid: not a readable file", "accepted: a readable workload"),
        basic("-P without a value", List.of("-P"), "-P=(not set) is invalid: the option needs a value"),
        basic("-p without =", List.of("-p", "recordcount"),
            "-p='recordcount' is invalid: no '=' after a property name", "accepted: key=value"),
        basic("-p with an empty key", List.of("-p", "=5"), "-p='=5' is invalid", "accepted: key=value"),
        basic("unknown option", List.of("-x", "1"), "argument='-x' is invalid: unknown option",
            "accepted: -P file, -p key=value"),
        basic("-threads abc", List.of("-threads", "abc"), "-threads='abc' is invalid", "accepted: a whole number ≥ 1"),
        basic("-threads 0", List.of("-threads", "0"), "-threads='0' is invalid", "accepted: a whole number ≥ 1"),
        basic("-threads -4", List.of("-threads", "-4"), "-threads='-4' is invalid", "accepted: a whole number ≥ 1"),
        basic("-target -1", List.of("-target", "-1"), "-target='-1' is invalid", "accepted: a whole number ≥ 0"),
        basic("-target ten", List.of("-target", "ten"), "-target='ten' is invalid", "accepted: a whole number ≥ 0"),
        // YCSB's own properties, which YCSB would misread
        basicProperty("recordcount", "abc", "a whole number ≥ 0"),
        basicProperty("recordcount", "-5", "a whole number ≥ 0"),
        basicProperty("recordcount", "3000000000", "a whole number ≥ 0"),
        basicProperty("operationcount", "1e3", "a whole number ≥ 0"),
        basicProperty("operationcount", "-1", "a whole number ≥ 0"),
        basicProperty("insertcount", "-10", "a whole number ≥ 0"),
        basicProperty("insertstart", "x", "a whole number ≥ 0"),
        basicProperty("threadcount", "0", "a whole number ≥ 1"),
        basicProperty("target", "-5", "a whole number ≥ 0"),
        basicProperty("fieldcount", "0", "a whole number ≥ 1"),
        basicProperty("fieldlength", "big", "a whole number ≥ 1"),
        basicProperty("maxexecutiontime", "-1", "a whole number ≥ 0"),
        basicProperty("readproportion", "1.5", "a decimal number from 0 to 1"),
        // storage.*
        basic("misspelt storage key", List.of("-p", "storage.dataset.ratoi=1"),
            "storage.dataset.ratoi='*****' is invalid: unknown property (did you mean storage.dataset.ratio?)"),
        basicProperty("storage.dataset.size", "12XB", "a non-negative number with an optional unit: B, KB"),
        basicProperty("storage.dataset.size", "-3GB", "a non-negative number with an optional unit: B, KB"),
        basicProperty("storage.dataset.ratio", "abc", "a decimal number"),
        basic("ratio and size both set", List.of("-p", "storage.dataset.ratio=1", "-p", "storage.dataset.size=1GB"),
            "storage.dataset.size='1GB' is invalid", "storage.dataset.ratio"),
        basicProperty("storage.warmup", "5parsecs", "a duration (e.g. 60s, 5m) or a number of operations"),
        basicProperty("storage.cache", "lukewarm", "warm, cold"),
        // collector.* and study.* keys met by load/run
        basic("misspelt collector key", List.of("-p", "collector.intervl=1s"),
            "collector.intervl='*****' is invalid: unknown property (did you mean collector.interval?)"),
        basicProperty("collector.interval", "fast", "a non-negative number with an optional unit: ms, s"),
        basicProperty("collector.probe.size", "12XB", "a non-negative number with an optional unit: B, KB"),
        basic("misspelt study key in a run", List.of("-p", "study.bindng=basic"),
            "study.bindng='*****' is invalid: unknown property (did you mean study.binding?)"),
        // output that could not be written
        basic("exportfile below a file", List.of("-p", "exportfile={dir}/../blocker/export.txt"),
            "exportfile=", "blocker is not a writable folder", "accepted: a file in a writable folder"),
        basic("storage.result below a file", List.of("-p", "storage.result={dir}/../blocker/result.json"),
            "storage.result=", "blocker is not a writable folder", "accepted: a file in a writable folder"),
        basic("collector.output below a file", List.of("-p", "collector.output={dir}/../blocker/series.json"),
            "collector.output=", "blocker is not a writable folder", "accepted: a file in a writable folder"),
        basic("collector.output a folder", List.of("-p", "collector.output={dir}"),
            "collector.output='{dir}' is invalid: it is a folder"),
        basic("raw latencies below a file", List.of("-p", "measurementtype=raw",
            "-p", "measurement.raw.output_file={dir}/../blocker/raw.csv"),
            "measurement.raw.output_file=", "blocker is not a writable folder"),
        basic("HdrHistogram logs below a file", List.of("-p", "measurementtype=hdrhistogram",
            "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path={dir}/../blocker/hdr-"),
            "hdrhistogram.output.path=", "blocker is not a writable folder",
            "accepted: a file-name prefix in a writable folder"),
        // mongodb.*
        mongo("misspelt mongodb key", List.of("-p", "mongodb.batchsiz=10"),
            "mongodb.batchsiz='*****' is invalid: unknown property (did you mean mongodb.batchsize?)"),
        mongo("mongodb.batchsize=-1", List.of("-p", "mongodb.batchsize=-1"), "mongodb.batchsize='-1' is invalid",
            "accepted: a whole number"),
        mongo("mongodb.writeconcern=sometimes", List.of("-p", "mongodb.writeconcern=sometimes"),
            "mongodb.writeconcern='sometimes' is invalid", "accepted:"),
        mongo("mongodb.readpreference=whoever", List.of("-p", "mongodb.readpreference=whoever"),
            "mongodb.readpreference='whoever' is invalid", "accepted:"),
        mongo("bad URL scheme", List.of("-p", "mongodb.url=http://127.0.0.1/" + DATABASE),
            "mongodb.url='http://127.0.0.1/" + DATABASE + "' is invalid", "accepted:"),
        mongo("URL without host", List.of("-p", "mongodb.url=mongodb://"), "mongodb.url='mongodb://' is invalid",
            "accepted:"),
        mongo("unreachable host", List.of("-p", "mongodb.url=mongodb://127.0.0.1:1/" + DATABASE,
            "-p", "mongodb.serverselectiontimeout=2s"), "cannot reach MongoDB at 127.0.0.1:1", "within 2000 ms"),
        // Oracle NoSQL: installation and oraclenosql.*
        raw("KVHOME unset", List.of("load", "oraclenosql", "-P", WORKLOAD),
            "KVHOME is not set", "set KVHOME to the folder that holds lib/kvclient.jar"),
        new Case("KVHOME wrong", Kind.RAW, List.of("KVHOME=/nonexistent/kv", "load", "oraclenosql", "-P", WORKLOAD),
            List.of("KVHOME=/nonexistent/kv holds no lib/kvclient.jar", "Set KVHOME to an Oracle NoSQL installation")),
        oracle("misspelt oraclenosql key", List.of("-p", "oraclenosql.pasword=x"),
            "oraclenosql.pasword='*****' is invalid: unknown property (did you mean oraclenosql.password?)"),
        oracle("oraclenosql.consistency=sometimes", List.of("-p", "oraclenosql.consistency=sometimes"),
            "oraclenosql.consistency='sometimes' is invalid", "accepted:"),
        oracle("oraclenosql.durability=bogus", List.of("-p", "oraclenosql.durability=bogus"),
            "oraclenosql.durability='bogus' is invalid", "accepted:"),
        oracle("bad helper host", List.of("-p", "oraclenosql.helperhosts=nohostport"),
            "oraclenosql.helperhosts='nohostport' is invalid", "accepted:"),
        oracle("unreachable store", List.of("-p", "oraclenosql.helperhosts=127.0.0.1:1",
            "-p", "oraclenosql.requesttimeout=2s"), "127.0.0.1:1"),
        // study and report
        raw("study file missing", List.of("study", "/nonexistent/study.properties"),
            "FILE='/nonexistent/study.properties' is invalid", "accepted: a readable study file"),
        raw("study without a file", List.of("study"), "Missing required parameter: 'FILE'"),
        raw("report on a missing folder", List.of("report", "/nonexistent/results"),
            "RESULTS='/nonexistent/results' is invalid", "accepted: a folder of result files"),
        raw("report with an unknown option", List.of("report", "--frob", "x"), "Unknown option: '--frob'"),
        study("misspelt study key", """
            study.binding=basic
            study.recordcountz=100
            study.devices=disk={dir}/data
            """, "study.recordcountz='*****' is invalid: unknown property (did you mean study.recordcounts?)"),
        study("non-numeric study record count", """
            study.binding=basic
            study.recordcounts=many
            study.devices=disk={dir}/data
            """, "study.recordcounts='many' is invalid", "accepted:"),
        study("unknown study binding", """
            study.binding=cassandra
            study.recordcounts=100
            study.devices=disk={dir}/data
            """, "study.binding='cassandra' is invalid", "accepted:"));
    return cases.stream().map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void exits2NamingTheInputAndWritesNothing(Case bad, @TempDir Path temp) throws Exception {
    var dir = Files.createDirectories(temp.resolve("out"));
    Files.writeString(temp.resolve("blocker"), "a file where a folder is expected\n");
    var command = new ArrayList<String>();
    var environment = new java.util.HashMap<String, String>();
    var args = bad.args().stream().map(arg -> arg.replace("{dir}", dir.toString())).toList();
    var outputs = List.of("-p", "exportfile=" + dir.resolve("export.txt"),
        "-p", "storage.result=" + dir.resolve("result.json"), "-p", "recordcount=100", "-p", "basicdb.verbose=false");
    switch (bad.kind()) {
      case RAW -> {
        for (var arg : args) {
          if (arg.startsWith("KVHOME=")) {
            environment.put("KVHOME", arg.substring("KVHOME=".length()));
          } else {
            command.add(arg);
          }
        }
      }
      case BASIC -> {
        command.addAll(List.of("load", "basic", "-P", WORKLOAD));
        command.addAll(outputs);
        command.addAll(args);
      }
      case MONGODB -> {
        command.addAll(List.of("load", "mongodb", "-P", WORKLOAD));
        command.addAll(outputs);
        command.addAll(List.of("-p", "mongodb.url=" + mongoServer.url(DATABASE)));
        command.addAll(args);
      }
      case ORACLENOSQL -> {
        assumeTrue(KVHOME != null && !KVHOME.isBlank(), "KVHOME is not set: no Oracle NoSQL installation to run with");
        environment.put("KVHOME", KVHOME);
        command.addAll(List.of("load", "oraclenosql", "-P", WORKLOAD));
        command.addAll(outputs);
        command.addAll(args);
      }
      case STUDY -> {
        var file = Files.writeString(temp.resolve("study.properties"), args.get(0));
        command.addAll(List.of("study", file.toString()));
      }
    }
    var result = Launcher.ycsb(Map.copyOf(environment), command.toArray(String[]::new));

    assertEquals(2, result.exitCode(), result::all);
    for (var fragment : bad.expected()) {
      var wanted = fragment.replace("{dir}", dir.toString());
      assertTrue(result.stderr().contains(wanted), () -> "expected «" + wanted + "» in:\n" + result.all());
    }
    assertFalse(result.stderr().contains("\tat "), () -> "a message, not a stack trace:\n" + result.all());
    assertEquals(List.of(), listing(dir), "nothing written");
    assertEquals(List.of(), listing(temp.resolve("results")), "no study results");
    assertFalse(mongoServer.client().listDatabaseNames().into(new ArrayList<>()).contains(DATABASE), "no data touched");
  }

  private static List<String> listing(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (var files = Files.walk(dir)) {
      return files.filter(file -> !file.equals(dir)).map(Path::toString).sorted().toList();
    }
  }
}
