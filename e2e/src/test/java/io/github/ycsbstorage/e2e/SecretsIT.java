package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command path with known secrets — a MongoDB URL password, {@code oraclenosql.password}, an
 * Oracle NoSQL login file — and every byte it produces searched for them: stdout, stderr, export
 * files, result files, time series, study results, the report's HTML and Markdown, and the messages
 * of the error paths (bad values, unreachable or refusing servers).
 */
class SecretsIT {
  private static final String MONGO_PASSWORD = "Mongo7Secret";
  private static final String ORACLE_PASSWORD = "Oracle8Secret";
  private static final String LOGIN_FILE_PASSWORD = "LoginFile9Secret";
  private static final List<String> SECRETS = List.of(MONGO_PASSWORD, ORACLE_PASSWORD, LOGIN_FILE_PASSWORD);
  private static final String WORKLOAD = "workloads/storage/read-heavy-uniform-10x100";

  /** Everything a test produced, searched at the end. */
  private final List<Launcher.Result> outputs = new ArrayList<>();

  private Launcher.Result ycsb(Map<String, String> environment, String... args) throws Exception {
    var result = Launcher.ycsb(environment, args);
    outputs.add(result);
    return result;
  }

  private static Path loginFile(Path dir) throws IOException {
    return Files.writeString(dir.resolve("login.properties"),
        "oracle.kv.auth.username=admin\noracle.kv.auth.pwd.file=" + dir.resolve("pwd") + "\n"
            + "oracle.kv.auth.password=" + LOGIN_FILE_PASSWORD + "\n");
  }

  @Test
  void loadRunShellStudyAndReportNeverShowASecret(@TempDir Path dir) throws Exception {
    var out = Files.createDirectories(dir.resolve("out"));
    var secrets = List.of("-p", "mongodb.url=mongodb://admin:" + MONGO_PASSWORD + "@db1:27017/ycsb",
        "-p", "oraclenosql.password=" + ORACLE_PASSWORD, "-p", "oraclenosql.security=" + loginFile(dir),
        "-p", "recordcount=100", "-p", "operationcount=200", "-p", "collector.paths=" + out,
        "-p", "collector.interval=100ms");
    for (var phase : List.of("load", "run")) {
      var args = new ArrayList<>(List.of(phase, "basic", "-P", WORKLOAD, "-s",
          "-p", "exportfile=" + out.resolve(phase + ".txt"), "-p", "measurementtype=hdrhistogram",
          "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + out.resolve(phase + "-")));
      args.addAll(secrets);
      var result = ycsb(Map.of(), args.toArray(String[]::new));
      assertEquals(0, result.exitCode(), result::all);
      assertTrue(Files.exists(out.resolve(phase + ".txt.result.json")), result::all);
      assertTrue(Files.exists(out.resolve(phase + ".txt.storage.json")), "time series: " + result.all());
      assertTrue(result.all().contains("mongodb://admin:*****@db1:27017/ycsb"), "shown, masked: " + result.all());
    }

    var shell = Launcher.ycsbWithInput("read usertable user1\nquit\n", "shell", "basic", "-p",
        "mongodb.url=mongodb://admin:" + MONGO_PASSWORD + "@db1:27017/ycsb", "-p", "oraclenosql.password=" + ORACLE_PASSWORD);
    outputs.add(shell);
    assertEquals(0, shell.exitCode(), shell::all);
    assertTrue(shell.stdout().contains("Return code: OK"), shell::all);
    assertTrue(shell.stdout().contains("\"oraclenosql.password\"=\"*****\""), "BasicDB's dump, masked: " + shell.all());

    var study = Files.writeString(dir.resolve("secret.properties"), """
        study.binding=basic
        study.workloads=workloads/workloadc
        study.recordcounts=100
        study.devices=disk=%s
        study.operationcount=100
        mongodb.url=mongodb://admin:%s@db1:27017/ycsb
        oraclenosql.password=%s
        oraclenosql.security=%s
        """.formatted(dir.resolve("data"), MONGO_PASSWORD, ORACLE_PASSWORD, loginFile(dir)));
    var studied = ycsb(Map.of(), "study", study.toString());
    assertEquals(0, studied.exitCode(), studied::all);
    var report = ycsb(Map.of(), "report", dir.resolve("results").toString(), "-o", dir.resolve("report").toString());
    assertEquals(0, report.exitCode(), report::all);
    assertTrue(Files.exists(dir.resolve("report/index.html")), report::all);

    assertNoSecret(dir);
  }

  @Test
  void errorPathsNeverShowASecret(@TempDir Path dir) throws Exception {
    var url = "mongodb://admin:" + MONGO_PASSWORD + "@127.0.0.1:1/ycsb";
    // unreachable server, within a short timeout
    var unreachable = ycsb(Map.of(), "load", "mongodb", "-P", WORKLOAD, "-p", "mongodb.url=" + url,
        "-p", "mongodb.serverselectiontimeout=1s");
    assertEquals(2, unreachable.exitCode(), unreachable::all);
    assertTrue(unreachable.stderr().contains("mongodb://admin:*****@127.0.0.1:1/ycsb"), unreachable::all);
    // a URL the driver refuses, a password in a misspelt key
    var malformed = ycsb(Map.of(), "load", "mongodb", "-P", WORKLOAD,
        "-p", "mongodb.url=mongodb://admin:" + MONGO_PASSWORD + "@127.0.0.1:1/ycsb?w=sometimes&connectTimeoutMS=x");
    assertEquals(2, malformed.exitCode(), malformed::all);
    var misspelt = ycsb(Map.of(), "load", "mongodb", "-P", WORKLOAD, "-p", "mongodb.pasword=" + MONGO_PASSWORD);
    assertEquals(2, misspelt.exitCode(), misspelt::all);
    // a server that refuses the login: mongo-java-server knows no authentication
    try (var server = MongoServerExtension.started()) {
      var refused = ycsb(Map.of(), "load", "mongodb", "-P", WORKLOAD, "-p", "mongodb.serverselectiontimeout=2s",
          "-p", "mongodb.url=mongodb://admin:" + MONGO_PASSWORD + "@127.0.0.1:" + server.port() + "/ycsb");
      assertEquals(2, refused.exitCode(), refused::all);
    }
    // study and report error paths with secrets in the study file
    var study = Files.writeString(dir.resolve("bad.properties"), """
        study.binding=basic
        study.recordcounts=100
        study.devices=disk=%s
        study.pasword=%s
        """.formatted(dir.resolve("data"), ORACLE_PASSWORD));
    var badStudy = ycsb(Map.of(), "study", study.toString());
    assertEquals(2, badStudy.exitCode(), badStudy::all);
    assertNoSecret(dir);
  }

  @Test
  void oracleNoSqlPasswordAndLoginFileNeverShow(@TempDir Path dir) throws Exception {
    var kvhome = System.getenv("KVHOME");
    assumeTrue(kvhome != null && !kvhome.isBlank(), "KVHOME is not set: no Oracle NoSQL installation to run with");
    var environment = Map.of("KVHOME", kvhome);
    var withPassword = ycsb(environment, "load", "oraclenosql", "-P", WORKLOAD,
        "-p", "oraclenosql.helperhosts=127.0.0.1:1", "-p", "oraclenosql.requesttimeout=2s",
        "-p", "oraclenosql.username=admin", "-p", "oraclenosql.password=" + ORACLE_PASSWORD);
    assertEquals(2, withPassword.exitCode(), withPassword::all);
    var withLoginFile = ycsb(environment, "load", "oraclenosql", "-P", WORKLOAD,
        "-p", "oraclenosql.helperhosts=127.0.0.1:1", "-p", "oraclenosql.requesttimeout=2s",
        "-p", "oraclenosql.username=admin", "-p", "oraclenosql.security=" + loginFile(dir));
    assertEquals(2, withLoginFile.exitCode(), withLoginFile::all);
    var misspelt = ycsb(environment, "load", "oraclenosql", "-P", WORKLOAD, "-p", "oraclenosql.passwrd=" + ORACLE_PASSWORD);
    assertEquals(2, misspelt.exitCode(), misspelt::all);
    assertNoSecret(dir);
  }

  /** No secret in any output, nor in any file under {@code dir} but the inputs ({@code *.properties}). */
  private void assertNoSecret(Path dir) throws IOException {
    for (var output : outputs) {
      for (var secret : SECRETS) {
        assertFalse(output.all().contains(secret), () -> "«" + secret + "» shown:\n" + output.all());
      }
    }
    try (var files = Files.walk(dir)) {
      var produced = files.filter(Files::isRegularFile)
          .filter(file -> !file.getFileName().toString().endsWith(".properties")).toList();
      for (var file : produced) {
        var bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        for (var secret : SECRETS) {
          assertFalse(bytes.contains(secret), () -> "«" + secret + "» in " + file);
        }
      }
    }
  }
}
