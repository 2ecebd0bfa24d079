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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input: exit status 2, a message naming the property or argument, the bad value and
 * what is accepted, no result or export file written, and for the mongodb cases nothing written to the
 * (in-process) server.
 *
 * <p>Each case runs {@code load} or {@code run} with {@code exportfile} and {@code storage.result}
 * pointing into a fresh folder, which must still be empty afterwards. The cases that Java refuses run in
 * this JVM ({@link InProcessYcsb}), one at a time as they share its standard streams; those that
 * {@code bin/ycsb} refuses itself, those that need an Oracle NoSQL installation's classpath (skipped with
 * the reason when {@code KVHOME} is not set) and one per entry point and binding folder run through the
 * installed {@code bin/ycsb}, each its own JVM, beside the other test classes (not beside an
 * {@code @Isolated} one). All share only the in-process server, which none of them may write to.
 */
@Execution(ExecutionMode.CONCURRENT)
class BadInputIT {
  private static final String WORKLOAD = installed("workloads/storage/read-heavy-uniform-10x100");
  /** YCSB's workload A, for the cases of its CoreWorkload. */
  private static final String WORKLOAD_A = installed("workloads/workloada");
  private static final String KVHOME = System.getenv("KVHOME");
  /**
   * Cases that run through {@code bin/ycsb} as well as in process: each entry point's exit 2 from its own
   * JVM ({@code YcsbCommand}, {@code Main}, the demo found through ServiceLoader) and each binding folder's
   * classpath (basic in lib/, mongodb-binding/, rocksdb-binding/ with its native library).
   */
  private static final Set<String> THROUGH_THE_LAUNCHER_TOO = Set.of("-threads 0", "study file missing",
      "demo --binding cassandra", "unreachable host", "rocksdb.optionsfile malformed");
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
    /** {@code ycsb <args>} as given, refused by {@code bin/ycsb} itself (a leading {@code NAME=value} is its environment). */
    LAUNCHER,
    /** {@code ycsb load basic -P <storage workload> <args>} plus output files. */
    BASIC,
    /** {@code ycsb load mongodb …} against the in-process server, plus output files. */
    MONGODB,
    /** {@code ycsb load oraclenosql …} with KVHOME set, plus output files. */
    ORACLENOSQL,
    /** {@code ycsb load rocksdb …} with {@code rocksdb.dir} beside the output folder, plus output files. */
    ROCKSDB,
    /** {@code ycsb study <file>}: args[0] is the study file's content ({dir} = the case's folder). */
    STUDY,
    /** {@code ycsb load basic -P <YCSB's workloada> <args>} (YCSB's CoreWorkload) plus output files. */
    CORE_LOAD,
    /** {@code ycsb run basic -P <YCSB's workloada> <args>} plus output files. */
    CORE_RUN,
    /**
     * {@code ycsb load basic -P <file> <args[1..]>} plus output files: args[0] is the file's content,
     * written as ISO-8859-1 bytes ({@code \0} and the like stand for themselves).
     */
    FILE,
    /** {@code ycsb report <folder> -o <dir>/report}: args[0] is the content of the folder's one result file. */
    REPORT
  }

  private static Case raw(String name, List<String> args, String... expected) {
    return new Case(name, Kind.RAW, args, List.of(expected));
  }

  /** A file or folder of the installation, by its absolute path: the cases run in any working directory. */
  private static String installed(String path) {
    return Launcher.HOME.resolve(path).toString();
  }

  private static Case launcher(String name, List<String> args, String... expected) {
    return new Case(name, Kind.LAUNCHER, args, List.of(expected));
  }

  private static Case basic(String name, List<String> args, String... expected) {
    return new Case(name, Kind.BASIC, args, List.of(expected));
  }

  /** {@code -p key=value} in a command of that kind, refused naming the value and what is accepted. */
  private static Case property(Kind kind, String key, String value, String accepted) {
    return new Case(key + "=" + value, kind, List.of("-p", key + "=" + value),
        List.of(key + "='" + value + "' is invalid", "accepted: " + accepted));
  }

  private static Case mongo(String name, List<String> args, String... expected) {
    return new Case(name, Kind.MONGODB, args, List.of(expected));
  }

  private static Case oracle(String name, List<String> args, String... expected) {
    return new Case(name, Kind.ORACLENOSQL, args, List.of(expected));
  }

  private static Case rocksdb(String name, List<String> args, String... expected) {
    return new Case(name, Kind.ROCKSDB, args, List.of(expected));
  }

  private static Case study(String name, String content, String... expected) {
    return new Case(name, Kind.STUDY, List.of(content), List.of(expected));
  }

  /** A valid study of the basic binding on one device, plus {@code lines}. */
  private static Case studyWith(String name, String lines, String... expected) {
    return study(name, """
        study.binding=basic
        study.recordcounts=100
        study.operationcount=100
        study.devices=disk={dir}/data
        """ + lines, expected);
  }

  private static Case coreLoad(String name, List<String> args, String... expected) {
    return new Case(name, Kind.CORE_LOAD, args, List.of(expected));
  }

  private static Case coreRun(String name, List<String> args, String... expected) {
    return new Case(name, Kind.CORE_RUN, args, List.of(expected));
  }

  private static Case file(String name, String content, List<String> args, String... expected) {
    var all = new ArrayList<String>();
    all.add(content);
    all.addAll(args);
    return new Case(name, Kind.FILE, all, List.of(expected));
  }

  /** 4 KB of random bytes (fixed seed), as ISO-8859-1 characters. */
  private static String binaryJunk() {
    var bytes = new byte[4096];
    new java.util.Random(15).nextBytes(bytes);
    return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  private static final String DISTRIBUTIONS = "uniform, zipfian, latest, hotspot, sequential, exponential";
  private static final String MEASUREMENT_TYPES =
      "hdrhistogram, histogram, hdrhistogram+histogram, hdrhistogram+raw, timeseries, raw";

  /** Every case, whichever way it runs. */
  static List<Case> table() {
    var cases = List.of(
        // the launcher and its arguments
        launcher("unknown binding", List.of("load", "cassandra", "-P", WORKLOAD),
            "unknown binding 'cassandra'", "known bindings: basic, basicts, mongodb, oraclenosql"),
        launcher("unknown command", List.of("frobnicate"),
            "unknown command 'frobnicate'", "expected load, run, shell, study, report, results or demo"),
        launcher("no binding", List.of("run", "-P", WORKLOAD), "'ycsb run' needs a binding name first"),
        basic("missing -P file", List.of("-P", installed("workloads/nosuchworkload")),
            "-P='" + installed("workloads/nosuchworkload") + "' is invalid: no such file", "accepted: a readable workload"),
        basic("-P is a folder", List.of("-P", installed("workloads")),
            "-P='" + installed("workloads") + "' is invalid: not a readable file", "accepted: a readable workload"),
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
        property(Kind.BASIC, "recordcount", "abc", "a whole number ≥ 0"),
        property(Kind.BASIC, "recordcount", "-5", "a whole number ≥ 0"),
        property(Kind.BASIC, "recordcount", "3000000000", "a whole number from 0 to 2,147,483,647"),
        property(Kind.BASIC, "operationcount", "1e3", "a whole number ≥ 0"),
        property(Kind.BASIC, "operationcount", "-1", "a whole number ≥ 0"),
        property(Kind.BASIC, "insertcount", "-10", "a whole number ≥ 0"),
        property(Kind.BASIC, "insertstart", "x", "a whole number ≥ 0"),
        property(Kind.BASIC, "threadcount", "0", "a whole number ≥ 1"),
        property(Kind.BASIC, "target", "-5", "a whole number ≥ 0"),
        property(Kind.BASIC, "fieldcount", "0", "a whole number ≥ 1"),
        property(Kind.BASIC, "fieldlength", "big", "a whole number ≥ 1"),
        property(Kind.BASIC, "maxexecutiontime", "-1", "a whole number ≥ 0"),
        property(Kind.BASIC, "readproportion", "1.5", "a decimal number from 0 to 1"),
        // storage.*
        basic("misspelt storage key", List.of("-p", "storage.dataset.ratoi=1"),
            "storage.dataset.ratoi='*****' is invalid: unknown property (did you mean storage.dataset.ratio?)"),
        property(Kind.BASIC, "storage.dataset.size", "12XB", "a non-negative number with an optional unit: B, KB"),
        property(Kind.BASIC, "storage.dataset.size", "-3GB", "a non-negative number with an optional unit: B, KB"),
        property(Kind.BASIC, "storage.dataset.ratio", "abc", "a decimal number"),
        basic("ratio and size both set", List.of("-p", "storage.dataset.ratio=1", "-p", "storage.dataset.size=1GB"),
            "storage.dataset.size='1GB' is invalid", "storage.dataset.ratio"),
        property(Kind.BASIC, "storage.warmup", "5parsecs", "a duration (e.g. 60s, 5m), a number of operations (e.g. 10000ops) or steady"),
        property(Kind.BASIC, "storage.cache", "lukewarm", "warm, cold"),
        // collector.* and study.* keys met by load/run
        basic("misspelt collector key", List.of("-p", "collector.intervl=1s"),
            "collector.intervl='*****' is invalid: unknown property (did you mean collector.interval?)"),
        property(Kind.BASIC, "collector.interval", "fast", "a non-negative number with an optional unit: ms, s"),
        property(Kind.BASIC, "collector.probe.size", "12XB", "a non-negative number with an optional unit: B, KB"),
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
        launcher("KVHOME unset", List.of("load", "oraclenosql", "-P", WORKLOAD),
            "KVHOME is not set", "set KVHOME to the folder that holds lib/kvclient.jar"),
        new Case("KVHOME wrong", Kind.LAUNCHER, List.of("KVHOME=/nonexistent/kv", "load", "oraclenosql", "-P", WORKLOAD),
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
    return Stream.of(cases, issueExamples(), ownCases(), thirdRound()).flatMap(List::stream).toList();
  }

  /** The cases Java refuses, run in this JVM: all but those of the launcher and of KVHOME's classpath. */
  static Stream<Arguments> inProcessCases() {
    return table().stream().filter(bad -> bad.kind() != Kind.LAUNCHER && bad.kind() != Kind.ORACLENOSQL)
        .map(Arguments::of);
  }

  /**
   * The cases that {@code bin/ycsb} refuses itself, those whose classpath it takes from KVHOME, and a few
   * that Java refuses, one per entry point and classpath the launcher composes, as a user meets them.
   */
  static Stream<Arguments> launcherCases() {
    var table = table();
    var named = table.stream().map(Case::name).toList();
    THROUGH_THE_LAUNCHER_TOO.forEach(name -> assertTrue(named.contains(name), "no case named " + name));
    return table.stream().filter(bad -> bad.kind() == Kind.LAUNCHER || bad.kind() == Kind.ORACLENOSQL
        || THROUGH_THE_LAUNCHER_TOO.contains(bad.name())).map(Arguments::of);
  }

  /** Every example of issue 15 that is bad input. */
  static List<Case> issueExamples() {
    return List.of(
        // 1. YCSB core properties and options: names
        property(Kind.CORE_LOAD, "requestdistribution", "zipf", DISTRIBUTIONS),
        property(Kind.CORE_LOAD, "fieldlengthdistribution", "bogus", "constant, uniform, zipfian, histogram"),
        property(Kind.CORE_RUN, "scanlengthdistribution", "bogus", "uniform, zipfian"),
        property(Kind.CORE_LOAD, "measurementtype", "bogus", MEASUREMENT_TYPES),
        coreLoad("workload=com.nope.Workload", List.of("-p", "workload=com.nope.Workload"),
            "workload='com.nope.Workload' is invalid: no such class",
            "accepted: a class implementing site.ycsb.Workload"),
        // ranges
        coreRun("all operation proportions 0", List.of("-p", "readproportion=0", "-p", "updateproportion=0"),
            "readproportion='0' is invalid: every proportion is 0", "accepted: at least one operation proportion above 0"),
        property(Kind.CORE_LOAD, "hotspotdatafraction", "2", "a decimal number greater than 0 and less than 1"),
        coreLoad("insertstart + insertcount > recordcount", List.of("-p", "insertstart=50", "-p", "insertcount=60"),
            "insertcount='60' is invalid: records 50 to 109 lie beyond recordcount",
            "accepted: insertstart + insertcount ≤ recordcount (100)"),
        coreLoad("fieldcount=2147483647", List.of("-p", "fieldcount=2147483647"),
            "fieldcount='2147483647' is invalid: records of 2147483647 fields × 100 bytes need at least",
            "of client memory with 1 thread, but the client's heap is",
            "accepted: a record shape whose records fit in the client's memory"),
        // measurement options
        coreRun("hdrhistogram.percentiles=abc", List.of("-p", "hdrhistogram.percentiles=abc"),
            "hdrhistogram.percentiles='abc' is invalid: 'abc' is not a percentile",
            "accepted: comma-separated percentiles from 0 to 100"),
        property(Kind.CORE_LOAD, "histogram.buckets", "-1", "a whole number ≥ 1"),
        property(Kind.CORE_LOAD, "timeseries.granularity", "0", "a whole number ≥ 1"),
        coreRun("hdrhistogram.output.path under a file", List.of("-p", "hdrhistogram.fileoutput=true",
            "-p", "hdrhistogram.output.path={dir}/../blocker/hdr-"), "hdrhistogram.output.path=",
            "blocker is not a writable folder", "accepted: a file-name prefix in a writable folder"),
        // empty values and file names
        coreLoad("-p recordcount=", List.of("-p", "recordcount="), "recordcount='' is invalid: an empty value",
            "accepted: a whole number ≥ 0"),
        coreLoad("empty exportfile", List.of("-p", "exportfile="), "exportfile='' is invalid: an empty value",
            "accepted: a file in a writable folder"),
        coreLoad("too-long file name", List.of("-p", "exportfile={dir}/" + "x".repeat(300)),
            "exportfile=", "is too long", "accepted: file and folder names of at most 255 bytes"),
        // -P files
        file("malformed \\u escape in a -P file", "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=\\u12zz\n",
            List.of(), "-P=", "is invalid: malformed \\u escape '\\u12zz' (\\u needs 4 hex digits) at line 2",
            "accepted: a workload or properties file (key=value text)"),
        file("-P file of binary junk", binaryJunk(), List.of(), "-P=", "is invalid: binary content",
            "accepted: a workload or properties file (key=value text)"),
        // no workload at all
        new Case("no -P and no workload", Kind.RAW, List.of("load", "basic", "-p", "recordcount=10"),
            List.of("workload=(not set) is invalid", "accepted: a workload class, usually from a workload file")),
        // server commands and storage.*
        raw("storage.server.restart=false", List.of("run", "basic", "-P", WORKLOAD, "-p", "storage.server.restart=false",
            "-p", "exportfile={dir}/export.txt", "-p", "basicdb.verbose=false"),
            "storage.server.restart='false' is invalid: it exited with status 1",
            "accepted: a command that restarts the server and exits with status 0"),
        property(Kind.BASIC, "storage.progress.interval", "0s", "a duration of at least 100ms"),
        mongo("mongodb.database=a.b", List.of("-p", "mongodb.database=a.b"), "mongodb.database='a.b' is invalid",
            "databaseName does not contain '.'", "accepted: a database name without '.'"),
        mongo("appName over 128 characters", List.of("-p", "mongodb.url=mongodb://127.0.0.1:1/" + DATABASE + "?appName="
            + "a".repeat(130)), "its appName has 130 bytes", "accepted: an appName of at most 128 bytes"),
        // 2. study pass-through properties, checked before the results folder with run's messages
        studyWith("study passes fieldlength=-5", "fieldlength=-5\n", "study.properties: fieldlength='-5' is invalid",
            "accepted: a whole number ≥ 1"),
        study("study passes mongodb.writeconcern=bogus", """
            study.binding=mongodb
            study.recordcounts=100
            study.devices=disk={dir}/data
            mongodb.url=mongodb://127.0.0.1:1/badinput
            mongodb.writeconcern=bogus
            """, "study.properties: mongodb.writeconcern='bogus' is invalid", "accepted: unacknowledged"),
        studyWith("study passes storage.cache=lukewarm", "workload=io.github.ycsbstorage.workload.StorageAwareWorkload\n"
            + "storage.cache=lukewarm\n", "study.properties: storage.cache='lukewarm' is invalid", "accepted: warm, cold"),
        // study files
        studyWith("study.workloads=,", "study.workloads=,\n", "study.workloads=',' is invalid: it has an empty entry",
            "accepted: a comma-separated list of one or more entries"),
        studyWith("a Latin-1 byte in a study file", "label=caf\u00e9\n", "study.properties' is invalid: not UTF-8 text at line 5",
            "accepted: a study file: properties text in UTF-8"),
        study("a study file of binary junk", binaryJunk(), "study.properties' is invalid", "accepted: a study file"),
        studyWith("study.results=/dev/null", "study.results=/dev/null\n", "study.results='/dev/null' is invalid",
            "it is not a folder"),
        studyWith("every misspelt key at once", "study.recordcountz=1\nstudy.threadz=2\n",
            "study.recordcountz='*****' is invalid: unknown property (did you mean study.recordcounts?); "
                + "also unknown: study.threadz (did you mean study.threads?)"),
        // report, demo
        new Case("report on a truncated result", Kind.REPORT, List.of("{\"schema\": \"ycsb-storage-result/1\", \"ycsb\": {\"su"),
            List.of("no result files (schema ycsb-storage-result/1) under", "skipped ", "cell.json: Unexpected end-of-input")),
        new Case("report on a wrongly typed result", Kind.REPORT, List.of("{\"schema\": \"ycsb-storage-result/1\", "
            + "\"summary\": [1]}"), List.of("no result files (schema ycsb-storage-result/1) under", "cell.json: Cannot "
            + "deserialize")),
        raw("report onto a file", List.of("report", installed("workloads"), "-o", WORKLOAD_A),
            "-o='" + WORKLOAD_A + "' is invalid: it is not a folder", "accepted: a writable folder"),
        raw("demo -o where nothing can be written", List.of("demo", "-o", "/proc/version/report"),
            "-o='/proc/version/report' is invalid: /proc/version is not a writable folder", "accepted: a writable folder"),
        raw("demo --binding cassandra", List.of("demo", "--binding", "cassandra"),
            "--binding='cassandra' is invalid; accepted: rocksdb or mongodb"),
        // shell: an unreachable server
        raw("shell against an unreachable server", List.of("shell", "mongodb", "-p", "mongodb.url=mongodb://127.0.0.1:1/"
            + DATABASE, "-p", "mongodb.serverselectiontimeout=1s"), "cannot reach MongoDB at 127.0.0.1:1", "within 1000 ms"));
  }

  /** Further hostile input of the same classes. */
  static List<Case> ownCases() {
    return List.of(
        property(Kind.CORE_RUN, "maxscanlength", "0", "a whole number ≥ 1"),
        coreRun("minscanlength above maxscanlength", List.of("-p", "minscanlength=5", "-p", "maxscanlength=2"),
            "minscanlength='5' is invalid", "accepted: at most maxscanlength (2)"),
        coreLoad("minfieldlength above fieldlength", List.of("-p", "minfieldlength=200", "-p",
            "fieldlengthdistribution=uniform"), "minfieldlength='200' is invalid", "accepted: at most fieldlength (100)"),
        coreLoad("missing field length histogram", List.of("-p", "fieldlengthdistribution=histogram", "-p",
            "fieldlengthhistogram=/nonexistent/hist.txt"), "fieldlengthhistogram='/nonexistent/hist.txt' is invalid",
            "accepted: a readable histogram file"),
        coreLoad("dataintegrity with varying lengths", List.of("-p", "dataintegrity=true", "-p",
            "fieldlengthdistribution=uniform"), "dataintegrity='true' is invalid",
            "accepted: true only with fieldlengthdistribution=constant"),
        property(Kind.CORE_LOAD, "dataintegrity", "yes", "true or false"),
        property(Kind.CORE_RUN, "readallfields", "maybe", "true or false"),
        property(Kind.CORE_LOAD, "measurement.interval", "sometimes", "op, intended, both"),
        property(Kind.CORE_LOAD, "insertorder", "random", "hashed, ordered"),
        property(Kind.CORE_LOAD, "requestdistribution", "Zipfian", DISTRIBUTIONS),
        property(Kind.CORE_LOAD, "measurementtype", "HdrHistogram", MEASUREMENT_TYPES),
        property(Kind.CORE_LOAD, "requestdistribution", "", DISTRIBUTIONS),
        property(Kind.CORE_LOAD, "exporter", "com.nope.Exporter", "a class implementing site.ycsb.measurements.exporter.MeasurementsExporter"),
        property(Kind.CORE_LOAD, "exporter", "java.lang.String", "a class implementing site.ycsb.measurements.exporter.MeasurementsExporter"),
        property(Kind.CORE_LOAD, "workload", "java.lang.String", "a class implementing site.ycsb.Workload"),
        raw("-db names no DB", List.of("load", "basic", "-P", WORKLOAD_A, "-db", "java.lang.String"),
            "db='java.lang.String' is invalid: it is not a site.ycsb.DB", "accepted: a class implementing site.ycsb.DB"),
        property(Kind.CORE_RUN, "exponential.percentile", "100", "a decimal number greater than 0 and less than 100"),
        property(Kind.CORE_RUN, "hotspotopnfraction", "1.5", "a decimal number from 0 to 1"),
        property(Kind.CORE_RUN, "readproportion", "-0.1", "a decimal number from 0 to 1"),
        property(Kind.CORE_RUN, "readproportion", "NaN", "a decimal number from 0 to 1"),
        property(Kind.CORE_RUN, "hdrhistogram.percentiles", "95,,99", "comma-separated percentiles from 0 to 100"),
        property(Kind.CORE_RUN, "hdrhistogram.percentiles", "101", "comma-separated percentiles from 0 to 100"),
        coreRun("raw measurements below a file", List.of("-p", "measurementtype=raw", "-p",
            "measurement.raw.output_file={dir}/../blocker/raw.txt"), "measurement.raw.output_file=",
            "blocker is not a writable folder"),
        coreLoad("exportfile is a folder", List.of("-p", "exportfile={dir}"), "exportfile=", "is invalid: it is a folder"),
        property(Kind.CORE_LOAD, "status.interval", "0", "a whole number ≥ 1"),
        property(Kind.CORE_LOAD, "zeropadding", "0", "a whole number ≥ 1"),
        property(Kind.CORE_LOAD, "core_workload_insertion_retry_limit", "-1", "a whole number ≥ 0"),
        property(Kind.CORE_LOAD, "table", "", "a table name"),
        property(Kind.CORE_LOAD, "fieldnameprefix", "", "a prefix for field names"),
        property(Kind.CORE_LOAD, "recordcount", "1_000", "a whole number ≥ 0"),
        property(Kind.CORE_LOAD, "recordcount", "0x10", "a whole number ≥ 0"),
        property(Kind.CORE_LOAD, "recordcount", "2147483648", "a whole number from 0 to 2,147,483,647"),
        property(Kind.CORE_LOAD, "maxexecutiontime", "1e3", "a whole number ≥ 0"),
        coreLoad("insertstart beyond recordcount", List.of("-p", "insertstart=200"),
            "insertstart='200' is invalid: the first record lies beyond recordcount"),
        coreLoad("records too large for the heap", List.of("-p", "fieldcount=100000", "-p", "fieldlength=100000",
            "-threads", "100"), "fieldlength='100000' is invalid: records of 100000 fields × 100000 bytes",
            "with 100 threads"),
        coreLoad("too many threads for the records", List.of("-p", "fieldlength=10000", "-threads", "100000"),
            "threadcount='100000' is invalid: records of 10 fields × 10000 bytes", "with 100000 threads"),
        coreLoad("one field of 2 GB per thread", List.of("-p", "fieldlength=2147483647", "-threads", "8"),
            "fieldlength='2147483647' is invalid", "raise it with -jvm-args -Xmx"),
        coreLoad("-p with a blank name", List.of("-p", " =5"), "-p=' =5' is invalid: no property name before '='"),
        coreLoad("-target 1.5", List.of("-target", "1.5"), "-target='1.5' is invalid", "accepted: a whole number ≥ 0"),
        coreLoad("-threads beyond int", List.of("-threads", "99999999999"), "-threads='99999999999' is invalid"),
        coreLoad("-l without a value", List.of("-l"), "-l=(not set) is invalid: the option needs a value"),
        file("-P key without a value", "workload=site.ycsb.workloads.CoreWorkload\nfieldcount\n", List.of(),
            "fieldcount='' is invalid: an empty value"),
        file("empty -P file", "", List.of(), "workload=(not set) is invalid"),
        file("-P file with a NUL byte", "workload=site.ycsb.workloads.CoreWorkload\na\0b=c\n", List.of(),
            "is invalid: binary content (byte 0x00) at line 2"),
        file("UTF-16 -P file", "\u00fe\u00ffw\0o\0r\0k\0", List.of(), "is invalid: binary content"),
        basic("-P /dev/null", List.of("-P", "/dev/null"), "-P='/dev/null' is invalid: not a readable file"),
        property(Kind.BASIC, "storage.dataset.ratio", "0", "a positive multiple of the server's memory"),
        property(Kind.BASIC, "storage.warmup", "-5s", "a duration (e.g. 60s, 5m), a number of operations (e.g. 10000ops) or steady"),
        coreLoad("collector.interval=0 with any workload", List.of("-p", "collector.interval=0"),
            "collector.interval='0' is invalid", "accepted: a duration from 10ms to 1h"),
        mongo("mongodb.batchsize=0", List.of("-p", "mongodb.batchsize=0"), "mongodb.batchsize='0' is invalid"),
        mongo("URL option maxPoolSize=abc", List.of("-p", "mongodb.url=mongodb://127.0.0.1:1/" + DATABASE
            + "?maxPoolSize=abc"), "invalid value for 'maxpoolsize'"),
        mongo("mongodb.serverselectiontimeout=0", List.of("-p", "mongodb.serverselectiontimeout=0"),
            "mongodb.serverselectiontimeout='0' is invalid", "accepted: a duration of at least 1ms"),
        mongo("mongodb.database of 70 bytes", List.of("-p", "mongodb.database=" + "d".repeat(70)),
            "the database name is too long", "fewer than 64 bytes"),
        raw("shell with a bad URL", List.of("shell", "mongodb", "-p", "mongodb.url=http://x"),
            "mongodb.url='http://x' is invalid"),
        raw("report on a file", List.of("report", WORKLOAD_A), "RESULTS='" + WORKLOAD_A + "' is invalid: not a folder"),
        studyWith("study.distributions=,", "study.distributions=,\n", "study.distributions=',' is invalid: it has an empty entry"),
        studyWith("study.threads=0", "study.threads=0\n", "study.threads='0' is invalid"),
        studyWith("study.devices without a path", "study.devices=disk\n", "study.devices='disk' is invalid"),
        studyWith("study passes requestdistribution=zipf", "requestdistribution=zipf\n",
            "requestdistribution='zipf' is invalid", "(for the clients of cell disk_records100_load)"),
        studyWith("study passes a missing workload class", "workload=com.nope.W\n", "workload='com.nope.W' is invalid"),
        studyWith("study passes collector.interval=0", "collector.interval=0\n", "collector.interval='0' is invalid"),
        studyWith("study passes a huge fieldcount", "fieldcount=2147483647\n", "fieldcount='2147483647' is invalid"),
        studyWith("study.results below a file", "study.results={dir}/../blocker/results\n", "study.results=",
            "blocker is not a writable folder"),
        study("study passes recordcount=abc", """
            study.binding=basic
            study.sizes=1MB
            study.clients=2
            study.devices=disk={dir}/data
            storage.server.memory=1GB
            recordcount=abc
            """, "recordcount='abc' is invalid", "accepted: a whole number ≥ 0"),
        raw("study FILE is a folder", List.of("study", installed("workloads")),
            "FILE='" + installed("workloads") + "' is invalid: not a readable file"),
        raw("rocksdb.dir not set", List.of("load", "rocksdb", "-P", WORKLOAD, "-p", "storage.server.memory=1MB"),
            "rocksdb.dir=(not set) is invalid", "accepted: a writable directory for the engine's files"),
        rocksdb("rocksdb.dir is a file", List.of("-p", "rocksdb.dir={dir}/../blocker"),
            "rocksdb.dir='{dir}/../blocker' is invalid: it is a file, not a directory", "accepted: a writable directory"),
        rocksdb("rocksdb.dir below a file", List.of("-p", "rocksdb.dir={dir}/../blocker/db"),
            "rocksdb.dir='{dir}/../blocker/db' is invalid: it cannot be created", "blocker is a file"),
        rocksdb("rocksdb.optionsfile missing", List.of("-p", "rocksdb.optionsfile={dir}/../OPTIONS-none"),
            "rocksdb.optionsfile='{dir}/../OPTIONS-none' is invalid: no such file", "accepted: a readable RocksDB OPTIONS file"),
        rocksdb("rocksdb.optionsfile malformed", List.of("-p", "rocksdb.optionsfile=" + WORKLOAD_A),
            "rocksdb.optionsfile='" + WORKLOAD_A + "' is invalid: RocksDB cannot load it", "accepted: a RocksDB OPTIONS file"),
        property(Kind.ROCKSDB, "rocksdb.cachesize", "0", "a positive size"),
        property(Kind.ROCKSDB, "rocksdb.directio", "maybe", "true or false"),
        rocksdb("rocksdb.cachsize misspelt", List.of("-p", "rocksdb.cachsize=1MB"), "did you mean rocksdb.cachesize"));
  }

  /** Issue 27's classes (§2 outputs, §3 values, §4 studies), each with more inputs than the issue names. */
  static List<Case> thirdRound() {
    var empty = "a value; leave the key out for its default";
    return List.of(
        // §2 outputs: folders that accept no new file, whoever runs; two outputs on one file; a missing folder
        basic("exportfile under /proc", List.of("-p", "exportfile=/proc/x"),
            "exportfile='/proc/x' is invalid: /proc does not accept new files", "accepted: a file in a writable folder"),
        basic("storage.result under /sys", List.of("-p", "storage.result=/sys/x.json"),
            "storage.result='/sys/x.json' is invalid: /sys", "accepted: a file in a writable folder"),
        coreRun("HdrHistogram prefix under /proc", List.of("-p", "hdrhistogram.fileoutput=true",
            "-p", "hdrhistogram.output.path=/proc/x-"), "hdrhistogram.output.path='/proc/x-' is invalid: /proc does not accept new files"),
        coreRun("HdrHistogram folder missing", List.of("-p", "hdrhistogram.fileoutput=true",
            "-p", "hdrhistogram.output.path={dir}/none/hdr-"),
            "hdrhistogram.output.path='{dir}/none/hdr-' is invalid: no folder {dir}/none (YCSB does not create it)"),
        coreLoad("raw output under /proc", List.of("-p", "measurementtype=raw", "-p",
            "measurement.raw.output_file=/proc/raw.csv"), "measurement.raw.output_file='/proc/raw.csv' is invalid"),
        basic("storage.result on exportfile", List.of("-p", "exportfile={dir}/x.txt", "-p", "storage.result={dir}/x.txt"),
            "storage.result='{dir}/x.txt' is invalid: it is also exportfile", "accepted: a file of its own"),
        basic("collector.output on exportfile", List.of("-p", "collector.output={dir}/export.txt"),
            "collector.output='{dir}/export.txt' is invalid: it is also exportfile"),
        coreLoad("raw output on exportfile", List.of("-p", "measurementtype=raw", "-p",
            "measurement.raw.output_file={dir}/../out/export.txt"), "measurement.raw.output_file=", "it is also exportfile"),
        raw("report -o under /proc", List.of("report", installed("workloads"), "-o", "/proc/x"),
            "-o='/proc/x' is invalid: /proc does not accept new files"),
        raw("demo -o under /proc", List.of("demo", "-o", "/proc/x"), "-o='/proc/x' is invalid: /proc does not accept new files"),
        studyWith("study.results under /proc", "study.results=/proc/x\n", "study.results='/proc/x' is invalid",
            "/proc does not accept new files"),
        // §3 one boolean parser for all our keys
        property(Kind.BASIC, "collector.enabled", "no", "true or false"),
        property(Kind.BASIC, "storage.progress", "yes", "true or false"),
        property(Kind.BASIC, "storage.calibrate", "1", "true or false"),
        property(Kind.BASIC, "collector.probe", "on", "true or false"),
        // empty is not unset, a list must name something, zero is no duration
        property(Kind.BASIC, "storage.dataset.ratio", "", empty),
        property(Kind.BASIC, "storage.failure.timeout", "", empty),
        property(Kind.BASIC, "collector.interval", "", empty),
        property(Kind.BASIC, "collector.output", "", empty),
        basic("collector.paths=,", List.of("-p", "collector.paths=,"), "collector.paths=',' is invalid: it has an empty entry"),
        studyWith("study.hosts=", "study.hosts=\n", "study.hosts='' is invalid: an empty value", "accepted: " + empty),
        studyWith("study.name=", "study.name=\n", "study.name='' is invalid: an empty value"),
        studyWith("study.duration=0s", "study.duration=0s\n", "study.duration='0s' is invalid", "at least 1s"),
        studyWith("study.workloads= ", "study.workloads= \n", "study.workloads='' is invalid: an empty value"),
        // numbers: hex floats, type suffixes; limits named
        property(Kind.BASIC, "storage.dataset.ratio", "0x1p1", "a decimal number"),
        property(Kind.BASIC, "storage.dataset.ratio", "2d", "a decimal number"),
        property(Kind.CORE_LOAD, "operationcount", "99999999999", "a whole number from 0 to 2,147,483,647"),
        // the launcher and the JVM
        launcher("--version with an argument", List.of("--version", "extra"), "--version takes no arguments; got 'extra'"),
        launcher("-jvm-args without a value", List.of("load", "basic", "-P", WORKLOAD, "-jvm-args"),
            "-jvm-args needs a value"),
        launcher("-jvm-args -Xbogus", List.of("load", "basic", "-P", WORKLOAD, "-jvm-args", "-Xbogus"),
            "Unrecognized option: -Xbogus", "the JVM refused its options", "-jvm-args '-Xbogus'"),
        launcher("JAVA_OPTS=-Xbogus", List.of("JAVA_OPTS=-Xbogus", "report", installed("workloads")),
            "Unrecognized option: -Xbogus", "the JVM refused its options (JAVA_OPTS='-Xbogus'"),
        launcher("bogus JAVA_HOME", List.of("JAVA_HOME=/nonexistent/jdk", "load", "basic", "-P", WORKLOAD),
            "JAVA_HOME=/nonexistent/jdk holds no bin/java"),
        launcher("YCSB_STORAGE_HOME=/nonexistent", List.of("YCSB_STORAGE_HOME=/nonexistent", "load", "basic"),
            "YCSB_STORAGE_HOME=/nonexistent is not a ycsb-storage installation"),
        // files: a byte-order mark, a binary histogram
        file("-P file with a UTF-8 BOM", "\u00ef\u00bb\u00bfworkload=site.ycsb.workloads.CoreWorkload\n", List.of(),
            "it starts with a UTF-8 byte-order mark (EF BB BF)", "saved without a byte-order mark"),
        coreLoad("binary field length histogram", List.of("-p", "fieldlengthdistribution=histogram",
            "-p", "fieldlengthhistogram=/bin/sh"), "fieldlengthhistogram='/bin/sh' is invalid: YCSB cannot read it",
            "accepted: a readable histogram file"),
        // server addresses and names, named by their key
        mongo("URL with a blank", List.of("-p", "mongodb.url=mongodb://127.0.0.1:1/" + DATABASE + " x"),
            "mongodb.url='mongodb://127.0.0.1:1/" + DATABASE + " x' is invalid: it holds a blank"),
        oracle("helper host port out of range", List.of("-p", "oraclenosql.helperhosts=127.0.0.1:99999"),
            "oraclenosql.helperhosts (port of 127.0.0.1:99999)='99999' is invalid", "from 1 to 65535"),
        oracle("store name with a blank", List.of("-p", "oraclenosql.storename=bad name!"),
            "oraclenosql.storename='bad name!' is invalid", "letters, digits"),
        oracle("empty store name", List.of("-p", "oraclenosql.storename="), "oraclenosql.storename='' is invalid: an empty value"),
        // §4 studies: device folders, the installation each cell's client needs
        study("device on a missing mount point", """
            study.binding=basic
            study.recordcounts=100
            study.devices=disk={dir}/nomount/data
            """, "study.devices='disk={dir}/nomount/data' is invalid: no folder {dir}/nomount (is the device mounted?)"),
        study("device path is a regular file", """
            study.binding=basic
            study.recordcounts=100
            study.devices=disk={dir}/../blocker
            """, "study.devices=", "blocker is not a folder"),
        study("oraclenosql study without KVHOME", """
            study.binding=oraclenosql
            study.recordcounts=100
            study.devices=disk={dir}/data
            """, "KVHOME=(not set) is invalid", "accepted: an Oracle NoSQL installation"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inProcessCases")
  @ResourceLock(Resources.SYSTEM_OUT)
  @ResourceLock(Resources.SYSTEM_ERR)
  @ResourceLock(Resources.SYSTEM_PROPERTIES)
  void exits2NamingTheInputAndWritesNothing(Case bad, @TempDir Path temp) throws Exception {
    var dir = prepare(temp);
    var command = command(bad, temp, dir);
    assertRefused(bad, InProcessYcsb.ycsb(command.environment(), command.args()), temp, dir);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("launcherCases")
  void binYcsbExits2NamingTheInputAndWritesNothing(Case bad, @TempDir Path temp) throws Exception {
    var dir = prepare(temp);
    var command = command(bad, temp, dir);
    assertRefused(bad, Launcher.ycsb(command.environment(), command.args().toArray(String[]::new)), temp, dir);
  }

  /** The case's output folder, and beside it a file where a folder is expected. */
  private static Path prepare(Path temp) throws IOException {
    Files.writeString(temp.resolve("blocker"), "a file where a folder is expected\n");
    return Files.createDirectories(temp.resolve("out"));
  }

  /** A command line of {@code bin/ycsb} and the environment variables it is given. */
  record Command(Map<String, String> environment, List<String> args) {
  }

  private static Command command(Case bad, Path temp, Path dir) throws IOException {
    var command = new ArrayList<String>();
    var environment = new HashMap<String, String>();
    var args = bad.args().stream().map(arg -> arg.replace("{dir}", dir.toString())).toList();
    var outputs = List.of("-p", "exportfile=" + dir.resolve("export.txt"),
        "-p", "storage.result=" + dir.resolve("result.json"), "-p", "recordcount=100", "-p", "basicdb.verbose=false");
    switch (bad.kind()) {
      case RAW, LAUNCHER -> {
        for (var arg : args) {
          if (arg.matches("[A-Z_]+=.*")) { // an environment variable, e.g. KVHOME=/nonexistent/kv
            environment.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
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
      case ROCKSDB -> {
        command.addAll(List.of("load", "rocksdb", "-P", WORKLOAD));
        command.addAll(outputs);
        command.addAll(List.of("-p", "rocksdb.dir=" + temp.resolve("db"), "-p", "storage.server.memory=1MB"));
        command.addAll(args);
      }
      case STUDY -> {
        var file = Files.write(temp.resolve("study.properties"),
            args.get(0).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        command.addAll(List.of("study", file.toString()));
      }
      case CORE_LOAD, CORE_RUN -> {
        command.addAll(List.of(bad.kind() == Kind.CORE_LOAD ? "load" : "run", "basic", "-P", WORKLOAD_A));
        command.addAll(outputs);
        command.addAll(args);
      }
      case REPORT -> {
        var results = Files.createDirectories(temp.resolve("report-input"));
        Files.writeString(results.resolve("cell.json"), args.get(0));
        command.addAll(List.of("report", results.toString(), "-o", dir.resolve("report").toString()));
      }
      case FILE -> {
        var file = Files.write(temp.resolve("case.properties"),
            args.get(0).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        command.addAll(List.of("load", "basic", "-P", file.toString()));
        command.addAll(outputs);
        command.addAll(args.subList(1, args.size()));
      }
    }
    return new Command(Map.copyOf(environment), List.copyOf(command));
  }

  /**
   * Exit status 2, every expected fragment in stderr, a message and not a stack trace, nothing written
   * to the output folder or a study's results, nothing to the server.
   */
  private static void assertRefused(Case bad, Launcher.Result result, Path temp, Path dir) throws IOException {
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

  /**
   * Input that looks odd but is valid runs, with YCSB given exactly what was checked: blanks around
   * values (YCSB's {@code Integer.parseInt(" 100")} would fail), {@code -table} (YCSB 0.17.0's parser
   * refuses it), a misspelt key only warned about, with its likely intended key.
   */
  @org.junit.jupiter.api.Test
  void oddButValidInputRunsAsChecked(@TempDir Path temp) throws Exception {
    var file = Files.writeString(temp.resolve("blanks.properties"),
        "workload=site.ycsb.workloads.CoreWorkload\nrecordcount= 20\noperationcount=30 \nreadproportion=1\nupdateproportion=0\n");
    var export = temp.resolve("export.txt");
    var result = Launcher.ycsb("run", "basic", "-P", file.toString(), "-p", "exportfile=" + export, "-p",
        "basicdb.verbose=false", "-p", "threadcount= 2", "-table", "mytable", "-p", "recordcoutn=5");
    assertEquals(0, result.exitCode(), result::all);
    assertTrue(result.stderr().contains("-p table=mytable"), () -> "-table as YCSB's table property: " + result.all());
    assertTrue(result.stderr().contains("-p operationcount=30 "), () -> "the file's value, trimmed: " + result.all());
    assertTrue(result.stderr().contains("recordcoutn is read by no component of YCSB or ycsb-storage "
        + "(did you mean recordcount?)"), result::all);
    var exported = Files.readString(export);
    assertTrue(exported.contains("[READ], Operations, 30"), exported);
  }

  /**
   * Outputs that are no regular file, made under a temporary folder only (never a real /dev node): a
   * FIFO, as root a character device made with {@code mknod} (/dev/null's numbers), and
   * {@code /dev/stdout}: each refused before the phase (exit 2), left as it was, never hung on; the
   * report skips a FIFO named {@code x.json} with a note instead of blocking on it. In process: the
   * checks look at the paths, whichever JVM makes them.
   */
  @org.junit.jupiter.api.Test
  @ResourceLock(Resources.SYSTEM_OUT)
  @ResourceLock(Resources.SYSTEM_ERR)
  @ResourceLock(Resources.SYSTEM_PROPERTIES)
  void specialFilesAreRefusedNeverReplacedOrHungOn(@TempDir Path temp) throws Exception {
    var fifo = temp.resolve("x.json");
    assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor() == 0, "mkfifo failed");
    var replaceOrHang = "which an output would replace or hang on";
    var specials = new java.util.LinkedHashMap<String, String>();
    specials.put(fifo.toString(), "it is a FIFO (named pipe), " + replaceOrHang);
    specials.put("/dev/stdout", "it is a stream of this process (a link into /proc, as /dev/stdout is)");
    if ("root".equals(System.getProperty("user.name"))) {
      var device = temp.resolve("null-copy");
      assertEquals(0, new ProcessBuilder("mknod", device.toString(), "c", "1", "3").inheritIO().start().waitFor());
      specials.put(device.toString(), "it is a character device, " + replaceOrHang);
    }
    for (var special : specials.entrySet()) {
      for (var key : List.of("exportfile", "storage.result", "collector.output")) {
        var result = InProcessYcsb.ycsb(Map.of(), List.of("load", "basic", "-P", WORKLOAD, "-p", "recordcount=10", "-p",
            "basicdb.verbose=false", "-p", key + "=" + special.getKey()));
        assertEquals(2, result.exitCode(), result::all);
        assertTrue(result.stderr().contains(key + "='" + special.getKey() + "' is invalid: " + special.getValue()),
            result::all);
        assertFalse(Files.isRegularFile(Path.of(special.getKey()), java.nio.file.LinkOption.NOFOLLOW_LINKS),
            special.getKey() + " replaced by a regular file");
      }
    }
    var report = InProcessYcsb.ycsb(Map.of(), List.of("report", temp.toString(), "-o", temp.resolve("report").toString()));
    assertEquals(2, report.exitCode(), report::all);
    assertTrue(report.stderr().contains("skipped " + fifo + ": not a regular file"), report::all);
  }

  /**
   * A dataset size on the command line replaces the workload file's ratio without a blank
   * {@code -p storage.dataset.ratio=} in YCSB's echoed command line, which users copy (and which is
   * now refused as an empty value).
   */
  @org.junit.jupiter.api.Test
  void aSizeOverAFilesRatioRunsWithoutABlankOnTheCommandLine(@TempDir Path temp) throws Exception {
    var result = Launcher.ycsb("load", "basic", "-P", WORKLOAD, "-p", "storage.dataset.size=20KB",
        "-p", "basicdb.verbose=false", "-p", "exportfile=" + temp.resolve("export.txt"));
    assertEquals(0, result.exitCode(), result::all);
    assertTrue(result.stdout().contains("Command line:") || result.stderr().contains("Command line:"), result::all);
    assertFalse(result.all().contains("storage.dataset.ratio="), result::all);
    assertTrue(result.all().contains("Status: complete"), result::all);
  }

  /** End of input (Ctrl-D) ends {@code ycsb shell} as {@code quit} does, not with a NullPointerException. */
  @org.junit.jupiter.api.Test
  void shellEndsAtTheEndOfInput() throws Exception {
    var result = Launcher.ycsbWithInput("read usertable user1\n", "shell", "basic", "-p", "basicdb.verbose=false");
    assertEquals(0, result.exitCode(), result::all);
    assertTrue(result.stdout().contains("Return code: OK"), result::all);
    assertFalse(result.all().contains("Exception"), result::all);
  }

  /**
   * A study file named with a space runs under a safe name made of its file name; no study.name is
   * blamed. Without the read probe (2 s and 16 MiB per cell), which this test does not look at.
   */
  @org.junit.jupiter.api.Test
  void aStudyFileNameWithASpaceRuns(@TempDir Path temp) throws Exception {
    var file = Files.writeString(temp.resolve("my study.properties"), """
        study.binding=basic
        study.workloads=workloads/workloadc
        study.recordcounts=20
        study.operationcount=20
        study.devices=disk=%s
        basicdb.verbose=false
        collector.probe=false
        """.formatted(temp.resolve("data")));
    var result = Launcher.ycsb("study", file.toString());
    assertEquals(0, result.exitCode(), result::all);
    assertTrue(Files.isDirectory(temp.resolve("results/my_study")), result::all);
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
