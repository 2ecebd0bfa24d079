package io.github.ycsbstorage.oraclenosql;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.binding.RateLimitedWarning;
import io.github.ycsbstorage.config.SecretMasker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import oracle.kv.KVStore;

/**
 * Oracle NoSQL's documented admin command line, {@code java -jar $KVHOME/lib/kvstore.jar runadmin},
 * run as a child JVM: one invocation runs several {@code -json} commands from a file
 * ({@code load -file}), so describing a store costs two JVM starts, not one per figure. A secure
 * store's login comes from the binding's settings: the security file and user name as arguments, the
 * password (never on a command line) on the child's standard input, where the admin CLI reads it when
 * no console is attached. Each invocation is bounded in time. Immutable and thread-safe.
 */
final class AdminShell {
  /** How long one invocation may take before it is stopped (a JVM start plus a few admin calls). */
  static final Duration TIMEOUT = Duration.ofSeconds(60);
  /** The admin CLI's return code of a command that succeeded. */
  private static final int SUCCESS = 5000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path kvstoreJar;
  private final OracleNoSqlSettings settings;

  private AdminShell(Path kvstoreJar, OracleNoSqlSettings settings) {
    this.kvstoreJar = kvstoreJar;
    this.settings = settings;
  }

  /** Why an admin command gave no answer; its message is the reason shown for unknown figures. */
  static final class AdminException extends Exception {
    AdminException(String message) {
      super(message);
    }
  }

  /**
   * The admin shell of the installation whose kvclient is loaded: {@code $KVHOME/lib/kvstore.jar}, else
   * {@code kvstore.jar} beside the loaded kvclient jar.
   *
   * @throws AdminException naming where it looked
   */
  static AdminShell of(OracleNoSqlSettings settings) throws AdminException {
    var candidates = new ArrayList<Path>();
    Optional.ofNullable(System.getenv("KVHOME")).filter(home -> !home.isBlank())
        .ifPresent(home -> candidates.add(Path.of(home, "lib", "kvstore.jar")));
    clientDirectory().ifPresent(dir -> candidates.add(dir.resolve("kvstore.jar")));
    for (var jar : candidates) {
      if (Files.isReadable(jar)) {
        return new AdminShell(jar, settings);
      }
    }
    throw new AdminException("no kvstore.jar of an Oracle NoSQL installation found (looked at " + candidates
        + "); set KVHOME to the installation");
  }

  /**
   * Runs {@code commands} (each with {@code -json}) in one admin shell and returns each command's
   * {@code returnValue}, in order.
   *
   * @throws AdminException when the shell cannot run, the login is refused, it times out, or a command fails
   */
  List<JsonNode> run(List<String> commands) throws AdminException {
    var failures = new ArrayList<String>();
    for (var host : settings.helperHosts()) {
      try {
        return run(host, commands);
      } catch (AdminException e) {
        failures.add(host + ": " + e.getMessage());
      }
    }
    throw new AdminException(String.join("; ", failures));
  }

  private List<JsonNode> run(String helperHost, List<String> commands) throws AdminException {
    int colon = helperHost.lastIndexOf(':');
    Path script = null;
    Path output = null;
    try {
      script = Files.createTempFile("ycsb-kvadmin", ".txt");
      output = Files.createTempFile("ycsb-kvadmin", ".out");
      Files.write(script, commands);
      var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", kvstoreJar.toString(), "runadmin",
          "-host", helperHost.substring(0, colon).replaceAll("^\\[|]$", ""), "-port", helperHost.substring(colon + 1)));
      settings.securityFile().ifPresent(file -> command.addAll(List.of("-security", file.toString())));
      settings.username().ifPresent(user -> command.addAll(List.of("-username", user)));
      command.addAll(List.of("load", "-file", script.toString()));
      var process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
      try (var stdin = process.getOutputStream()) {
        if (settings.password().isPresent()) {
          stdin.write((settings.password().get().value() + "\n").getBytes(StandardCharsets.UTF_8));
        }
      } catch (IOException e) {
        // The shell may exit before reading a password it does not need.
      }
      if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AdminException("kvstore.jar runadmin did not answer within " + TIMEOUT.toSeconds() + " s");
      }
      return answers(Files.readString(output, StandardCharsets.UTF_8), commands);
    } catch (IOException e) {
      throw new AdminException("cannot run " + kvstoreJar + " runadmin: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AdminException("interrupted while running kvstore.jar runadmin");
    } finally {
      deleteQuietly(script);
      deleteQuietly(output);
    }
  }

  /** Each command's {@code returnValue} from the shell's output; the first failure ends with its reason. */
  static List<JsonNode> answers(String output, List<String> commands) throws AdminException {
    var values = new ArrayList<JsonNode>();
    int start = output.indexOf('{');
    if (start >= 0) {
      try (var parser = JSON.getFactory().createParser(output.substring(start))) {
        parser.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
        var documents = JSON.readerFor(JsonNode.class).<JsonNode>readValues(parser);
        while (documents.hasNextValue() && values.size() < commands.size()) {
          var document = documents.nextValue();
          if (document.path("returnCode").asInt() != SUCCESS) {
            var login = output.lines().filter(line -> line.contains("Login failed")).findFirst()
                .map(line -> " (" + line.substring(line.indexOf("Login failed")).trim() + ")").orElse("");
            throw new AdminException("'" + commands.get(values.size()) + "' failed: "
                + RateLimitedWarning.shorten(SecretMasker.maskText(document.path("description").asText("no description")))
                + login);
          }
          values.add(document.path("returnValue"));
        }
      } catch (IOException e) {
        // Text after the JSON answers (or instead of them) is reported below.
      }
    }
    if (values.size() < commands.size()) {
      throw new AdminException("kvstore.jar runadmin gave no answer to '" + commands.get(values.size()) + "'"
          + (output.isBlank() ? "" : ": " + RateLimitedWarning.shorten(SecretMasker.maskText(output))));
    }
    return values;
  }

  /** The folder of the jar that kvclient's classes were loaded from. */
  private static Optional<Path> clientDirectory() {
    try {
      var source = KVStore.class.getProtectionDomain().getCodeSource();
      return source == null ? Optional.empty() : Optional.ofNullable(Path.of(source.getLocation().toURI()).getParent());
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // A temporary file of a few hundred bytes, without secrets.
      }
    }
  }
}
