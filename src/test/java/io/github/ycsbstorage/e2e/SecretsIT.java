package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ycsbstorage.testkit.MongoServerExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
  /** In keys the README promises to mask beyond "password": pwd, passwd, credential, token, secret, *key. */
  private static final String NAMED_SECRET = "Named4Secret";
  private static final String SSH_PASSWORD = "Ssh5Secret";
  /** Passwords that a bad URL holds unescaped: '/', a space, '@'. */
  private static final String SLASH_PASSWORD = "Slash6/Secret";
  private static final String SPACE_PASSWORD = "Space7 Secret";
  private static final String AT_PASSWORD = "At8@Secret";
  private static final List<String> SECRETS = List.of(MONGO_PASSWORD, ORACLE_PASSWORD, LOGIN_FILE_PASSWORD,
      NAMED_SECRET, SSH_PASSWORD, "Slash6", "Space7", "At8");
  private static final List<String> SECRET_KEYS = List.of("app.dbPwd", "app.passwd", "app.credential",
      "app.token", "app.secret", "app.apiKey", "app.private_key");
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
    List<String> secrets = List.of("-p", "mongodb.url=mongodb://admin:" + MONGO_PASSWORD + "@db1:27017/ycsb",
        "-p", "oraclenosql.password=" + ORACLE_PASSWORD, "-p", "oraclenosql.security=" + loginFile(dir),
        "-p", "recordcount=100", "-p", "operationcount=200", "-p", "collector.paths=" + out,
        "-p", "collector.interval=100ms", "-p", "collector.ssh.command=sshpass -p " + SSH_PASSWORD + " ssh");
    secrets = new ArrayList<>(secrets);
    for (var key : SECRET_KEYS) {
      secrets.addAll(List.of("-p", key + "=" + NAMED_SECRET));
    }
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
      assertTrue(result.stderr().contains("-p collector.ssh.command=sshpass -p ***** ssh"), "Command line, masked: "
          + result.all());
      assertTrue(result.stderr().contains("-p app.credential=*****"), "Command line, masked: " + result.all());
      var recorded = Files.readString(out.resolve(phase + ".txt.result.json"));
      assertTrue(recorded.contains("sshpass -p ***** ssh"), recorded);
    }

    var shellArgs = new ArrayList<>(List.of("shell", "basic", "-p",
        "mongodb.url=mongodb://admin:" + MONGO_PASSWORD + "@db1:27017/ycsb", "-p", "oraclenosql.password=" + ORACLE_PASSWORD));
    SECRET_KEYS.forEach(key -> shellArgs.addAll(List.of("-p", key + "=" + NAMED_SECRET)));
    var shell = Launcher.ycsbWithInput("read usertable user1\nquit\n", shellArgs.toArray(String[]::new));
    outputs.add(shell);
    assertEquals(0, shell.exitCode(), shell::all);
    assertTrue(shell.stdout().contains("Return code: OK"), shell::all);
    assertTrue(shell.stdout().contains("\"oraclenosql.password\"=\"*****\""), "BasicDB's dump, masked: " + shell.all());
    assertTrue(shell.stdout().contains("\"app.dbPwd\"=\"*****\""), "BasicDB's dump, masked: " + shell.all());

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

  /**
   * Issue 27: a secret under a key close to a secret name (echoed by YCSB's {@code Command line:} and
   * BasicDB's property dump), credentials in a URL of a free-form property (stdout and the result
   * file, its label too), and the output of a failing {@code storage.server.restart} command.
   */
  @Test
  void closeKeysUrlsInAnyValueAndServerCommandOutputAreMasked(@TempDir Path dir) throws Exception {
    var result = dir.resolve("result.json");
    var load = ycsb(Map.of(), "load", "basic", "-P", WORKLOAD, "-p", "recordcount=10",
        "-p", "mongodb.pasword=" + NAMED_SECRET, "-p", "app.passwrd=" + SSH_PASSWORD,
        "-p", "label=https://user:" + MONGO_PASSWORD + "@host/x", "-p", "storage.result=" + result,
        "-p", "exportfile=" + dir.resolve("export.txt"));
    assertEquals(0, load.exitCode(), load::all);
    assertTrue(load.all().contains("mongodb.pasword=*****"), load::all);
    assertTrue(Files.readString(result).contains("https://user:*****@host/x"), () -> "label masked in the result");
    var restart = ycsb(Map.of(), "run", "basic", "-P", WORKLOAD, "-p", "basicdb.verbose=false",
        "-p", "storage.server.restart=echo db.password=" + ORACLE_PASSWORD + "; echo token " + LOGIN_FILE_PASSWORD
            + "; exit 1", "-p", "exportfile=" + dir.resolve("run.txt"));
    assertEquals(2, restart.exitCode(), restart::all);
    assertTrue(restart.stderr().contains("db.password=*****") && restart.stderr().contains("token *****"),
        restart::all);
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

  /**
   * While a study runs, the command line of every process below it ({@code /proc/<pid>/cmdline}, what
   * {@code ps} shows every user) is read until a client JVM has been seen: none holds a secret; the
   * clients read their properties from a file only the user can read, which is gone after the cell.
   */
  @Test
  void studyClientsHaveNoSecretOnTheirCommandLine(@TempDir Path dir) throws Exception {
    var study = studyFile(dir, "watched", """
        study.recordcounts=100,200
        study.clients=2
        basicdb.verbose=false
        mongodb.url=mongodb://admin:%s@db1:27017/ycsb
        oraclenosql.password=%s
        app.dbPwd=%s
        """.formatted(MONGO_PASSWORD, ORACLE_PASSWORD, NAMED_SECRET));
    var commandLines = new HashMap<Long, String>();
    var propertiesFiles = new HashMap<Path, String>();
    Launcher.Result studied;
    try (var run = Launcher.start(Map.of(), "study", study.toString())) {
      run.await(() -> {
        run.process().descendants().forEach(child -> commandLine(child.pid()).ifPresent(c -> commandLines.put(child.pid(), c)));
        propertiesFiles.putAll(clientPropertiesFiles(dir.resolve("results")));
        return commandLines.values().stream().anyMatch(c -> c.contains("YcsbCommand") && c.contains("client.properties"))
            && !propertiesFiles.isEmpty();
      }, "a study client JVM reading client.properties");
      studied = Launcher.finish(run);
    }
    outputs.add(studied);
    assertEquals(0, studied.exitCode(), studied::all);
    for (var commandLine : commandLines.values()) {
      for (var secret : SECRETS) {
        assertFalse(commandLine.contains(secret), () -> "«" + secret + "» on a command line: " + commandLine);
      }
    }
    propertiesFiles.forEach((file, permissions) -> assertEquals("rw-------", permissions, file::toString));
    assertEquals(Map.of(), clientPropertiesFiles(dir.resolve("results")), "removed after each cell");
    try (var files = Files.list(dir.resolve("results/watched"))) {
      var cells = files.filter(f -> f.toString().endsWith(".json")).toList();
      assertEquals(4, cells.size(), "2 loads, 2 runs: " + cells);
      for (var cell : cells) {
        var result = Files.readString(cell);
        assertTrue(result.contains("\"mongodb.url\" : \"mongodb://admin:*****@db1:27017/ycsb\""), result);
      }
    }

    var report = ycsb(Map.of(), "report", dir.resolve("results").toString(), "-o", dir.resolve("report").toString());
    assertEquals(0, report.exitCode(), report::all);
    assertNoSecret(dir);
  }

  /** study, report and demo mask what they print, as load and run do. */
  @Test
  void studyReportAndDemoMaskTheirOutput(@TempDir Path dir) throws Exception {
    var study = studyFile(dir, "server", """
        study.recordcounts=100
        study.server.start=echo mongodb://admin:%s@db1/ycsb; exit 3
        study.server.stop=true
        """.formatted(MONGO_PASSWORD));
    var studied = ycsb(Map.of(), "study", study.toString());
    assertEquals(1, studied.exitCode(), studied::all);
    assertTrue(studied.stderr().contains("echo mongodb://admin:*****@db1/ycsb; exit 3"), studied::all);
    // The command's own output is kept as it wrote it, for the user only.
    try (var logs = Files.walk(dir.resolve("results"))) {
      var serverLogs = logs.filter(f -> f.getFileName().toString().startsWith("server-start-")).toList();
      assertFalse(serverLogs.isEmpty(), studied::all);
      for (var log : serverLogs) {
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log)), log::toString);
        Files.delete(log);
      }
    }

    // Errors whose text only the output masking can catch: a file name that looks like a secret pair.
    var truncated = Files.writeString(Files.createDirectories(dir.resolve("broken")).resolve("password=" + NAMED_SECRET
        + ".json"), "{\"status\": ");
    var report = ycsb(Map.of(), "report", truncated.getParent().toString(), "-o", dir.resolve("report").toString());
    assertTrue(report.exitCode() != 0, report::all);
    assertTrue(report.stderr().contains("password=*****"), report::all);
    Files.delete(truncated);

    var demo = ycsb(Map.of("JAVA_OPTS", "-Djava.io.tmpdir=" + dir.resolve("missing/password=" + NAMED_SECRET)), "demo");
    assertTrue(demo.exitCode() != 0, demo::all);
    assertTrue(demo.stderr().contains("password=*****"), demo::all);
    assertNoSecret(dir);
  }

  /** A mongodb.url whose password holds an unescaped '/', a space or '@' is refused without showing any of it. */
  @Test
  void malformedUrlsNeverShowTheirPassword() throws Exception {
    for (var password : List.of(SLASH_PASSWORD, SPACE_PASSWORD, AT_PASSWORD)) {
      var refused = ycsb(Map.of(), "load", "mongodb", "-P", WORKLOAD, "-p", "mongodb.serverselectiontimeout=1s",
          "-p", "mongodb.url=mongodb://admin:" + password + "@127.0.0.1:1/ycsb");
      assertEquals(2, refused.exitCode(), refused::all);
      assertTrue(refused.stderr().contains("mongodb://admin:*****@127.0.0.1:1/ycsb"), refused::all);
    }
    for (var output : outputs) {
      for (var secret : SECRETS) {
        assertFalse(output.all().contains(secret), () -> "«" + secret + "» shown:\n" + output.all());
      }
      assertFalse(output.all().contains("Secret@"), output::all);
    }
  }

  /** A study of workload C with the basic binding on one device, plus {@code lines}. */
  private static Path studyFile(Path dir, String name, String lines) throws IOException {
    return Files.writeString(dir.resolve(name + ".properties"), """
        study.binding=basic
        study.workloads=workloads/workloadc
        study.devices=disk=%s
        study.operationcount=100
        """.formatted(dir.resolve("data")) + lines);
  }

  private static Optional<String> commandLine(long pid) {
    try {
      return Optional.of(Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8)
          .replace('\0', ' '));
    } catch (IOException e) {
      return Optional.empty(); // ended meanwhile
    }
  }

  /** Each client.properties under {@code results} with its permissions, e.g. {@code rw-------}. */
  private static Map<Path, String> clientPropertiesFiles(Path results) throws IOException {
    var found = new HashMap<Path, String>();
    if (!Files.isDirectory(results)) {
      return found;
    }
    try (var files = Files.walk(results)) {
      for (var file : files.filter(f -> f.getFileName().toString().equals("client.properties")).toList()) {
        try {
          found.put(file, PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        } catch (IOException e) {
          // removed meanwhile: its cell ended
        }
      }
    } catch (UncheckedIOException e) {
      // a folder or file removed while walking; the next poll looks again
    }
    return found;
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
