package io.github.ycsbstorage.testkit;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A private PostgreSQL cluster of the test's own, from the host's PostgreSQL server package
 * ({@code /usr/lib/postgresql/<version>/bin}): made by {@code initdb} in a temporary folder, with a
 * password-protected superuser, listening on a free port of 127.0.0.1 and on a unix socket in that
 * folder; stopped and its folder removed on {@link #close()} (use it in try-with-resources) and on
 * every failure to start. PostgreSQL refuses to run as root: as root it runs as {@value #OS_USER},
 * in a folder that user owns. Where no server is installed or it cannot start, the test is skipped
 * with the reason. It touches no cluster but its own.
 */
public final class PostgresCluster implements AutoCloseable {
  /** The cluster's superuser. */
  public static final String USER = "ycsb";
  /** Who runs the server when the tests run as root. */
  static final String OS_USER = "nobody";
  private static final Path INSTALLATIONS = Path.of("/usr/lib/postgresql");
  private static final Duration START = Duration.ofMinutes(1);

  private final Path bin;
  private final Path folder;
  private final int port;
  private final String password;

  private PostgresCluster(Path bin, Path folder, int port, String password) {
    this.bin = bin;
    this.folder = folder;
    this.port = port;
    this.password = password;
  }

  /** Makes and starts a new cluster; skips the test where that is not possible here. */
  public static PostgresCluster start() throws IOException, InterruptedException {
    var bin = installation();
    Assumptions.assumeTrue(bin.isPresent(), "no PostgreSQL server installed (no " + INSTALLATIONS
        + "/<version>/bin/initdb; Debian's package: postgresql)");
    var folder = Files.createTempDirectory("ycsb-storage-postgres");
    var secret = new byte[12];
    new SecureRandom().nextBytes(secret);
    var password = HexFormat.of().formatHex(secret);
    var cluster = new PostgresCluster(bin.get(), folder, freePort(), password);
    try {
      var passwordFile = folder.resolve("password");
      Files.createFile(passwordFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(passwordFile, password);
      if (asRoot()) {
        var owner = folder.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(OS_USER);
        Files.setOwner(folder, owner);
        Files.setOwner(passwordFile, owner);
      }
      cluster.run("initdb", "-D", cluster.data().toString(), "-U", USER, "--pwfile=" + passwordFile,
          "--auth=scram-sha-256", "--encoding=UTF8", "--no-sync");
      cluster.run("pg_ctl", "-D", cluster.data().toString(), "-l", folder.resolve("server.log").toString(), "-w",
          "-t", Long.toString(HangLimit.of(START).toSeconds()), "-o", "-p " + cluster.port + " -k " + folder
          + " -c listen_addresses=127.0.0.1 -c fsync=off", "start");
      return cluster;
    } catch (IOException | InterruptedException | RuntimeException | Error e) {
      cluster.close();
      throw e;
    }
  }

  /** The JDBC URL of its {@code postgres} database over TCP, with the superuser's name and password. */
  public String url() {
    return url("postgres");
  }

  /** The JDBC URL of one of its databases over TCP, with the superuser's name and password. */
  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=" + USER + "&password=" + password;
  }

  /** The superuser's password, which tests look for where it must not appear. */
  public String password() {
    return password;
  }

  /** Stops the server (immediately: it holds nothing to keep) and removes its folder. */
  @Override
  public void close() throws IOException, InterruptedException {
    try {
      if (Files.exists(data().resolve("postmaster.pid"))) {
        run("pg_ctl", "-D", data().toString(), "-m", "immediate", "-w", "stop");
      }
    } finally {
      try (Stream<Path> files = Files.walk(folder)) {
        for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  private Path data() {
    return folder.resolve("data");
  }

  /** Runs one of the server's programs as its user, in its folder; skips the test where it fails. */
  private void run(String program, String... arguments) throws IOException, InterruptedException {
    var command = new ArrayList<String>();
    if (asRoot()) {
      command.addAll(List.of("runuser", "-u", OS_USER, "--"));
    }
    command.add(bin.resolve(program).toString());
    command.addAll(List.of(arguments));
    try (var run = ProcessRun.start(new ProcessBuilder(command).directory(folder.toFile()))) {
      int status = run.finish();
      var log = folder.resolve("server.log");
      Assumptions.assumeTrue(status == 0, () -> "the test's PostgreSQL cluster cannot be made or started here: "
          + run.describe() + (Files.exists(log) ? readQuietly(log) : ""));
    }
  }

  private static String readQuietly(Path file) {
    try {
      return file + ":\n" + Files.readString(file);
    } catch (IOException e) {
      return file + ": " + e;
    }
  }

  /** The newest installed server's programs. */
  private static Optional<Path> installation() throws IOException {
    if (!Files.isDirectory(INSTALLATIONS)) {
      return Optional.empty();
    }
    try (Stream<Path> versions = Files.list(INSTALLATIONS)) {
      return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
          .max(Comparator.comparing(b -> versionOf(b.getParent())));
    }
  }

  private static int versionOf(Path folder) {
    var name = folder.getFileName().toString();
    return name.matches("\\d+") ? Integer.parseInt(name) : -1;
  }

  private static boolean asRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
