package io.github.ycsbstorage.e2e;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.ycsbstorage.cli.Main;
import io.github.ycsbstorage.cli.YcsbCommand;
import io.github.ycsbstorage.testkit.HangLimit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Runs a {@code bin/ycsb} command in this JVM, as the launcher would start it once its own checks pass:
 * {@code load|run|shell <binding>} through {@code YcsbCommand} with the binding's class from the
 * installation's {@code bin/bindings.properties}, anything else through {@code Main} in the environment
 * the launcher exports ({@code YCSB_STORAGE_HOME}, no {@code KVHOME} or {@code JAVA_OPTS} unless given).
 * The classpath is this test's, which holds every binding, as a study's is. For input that is refused:
 * a phase that starts ends this JVM (YCSB's {@code Client} exits), which fails the test run loudly, and a
 * command that hangs fails after the test kit's hang limit for a process with what it printed so far.
 *
 * <p>It captures stdout and stderr by replacing {@code System.out} and {@code System.err}, and puts the
 * system properties back afterwards: callers hold JUnit's locks on those resources.
 */
final class InProcessYcsb {
  private static final Set<String> CLIENT_COMMANDS = Set.of("load", "run", "shell");

  private InProcessYcsb() {
  }

  static Launcher.Result ycsb(Map<String, String> environment, List<String> args) throws Exception {
    if (CLIENT_COMMANDS.contains(args.get(0)) && !environment.isEmpty()) {
      // YcsbCommand reads no variable of the launcher's: one given here would pass untested
      throw new IllegalArgumentException("load, run and shell take no environment in process: " + environment);
    }
    var out = new ByteArrayOutputStream();
    var err = new ByteArrayOutputStream();
    var savedOut = System.out;
    var savedErr = System.err;
    var savedProperties = (Properties) System.getProperties().clone();
    System.setOut(new PrintStream(out, true, UTF_8));
    System.setErr(new PrintStream(err, true, UTF_8));
    int status;
    try {
      status = assertTimeoutPreemptively(HangLimit.of(HangLimit.PROCESS), () -> CLIENT_COMMANDS.contains(args.get(0))
              ? YcsbCommand.execute(withBindingClass(args))
              : Main.execute(launcherEnvironment(environment), args.toArray(String[]::new)),
          () -> "hung: ycsb " + String.join(" ", args) + "\nstdout so far:\n" + out.toString(UTF_8)
              + "\nstderr so far:\n" + err.toString(UTF_8));
    } finally {
      System.setOut(savedOut);
      System.setErr(savedErr);
      System.setProperties(savedProperties);
    }
    return new Launcher.Result(status, out.toString(UTF_8), err.toString(UTF_8));
  }

  private static Map<String, String> launcherEnvironment(Map<String, String> given) {
    var environment = new HashMap<>(System.getenv());
    environment.remove("KVHOME");
    environment.remove("JAVA_OPTS");
    environment.put("YCSB_STORAGE_HOME", Launcher.HOME.toString());
    environment.putAll(given);
    return environment;
  }

  /** {@code <command> <binding> <options>} as the launcher hands it on: {@code <command> -db <class> <options>}. */
  private static String[] withBindingClass(List<String> args) throws IOException {
    var binding = args.get(1);
    var bindingClass = Files.readAllLines(Launcher.HOME.resolve("bin/bindings.properties")).stream()
        .filter(line -> line.startsWith(binding + ":"))
        .map(line -> line.substring(binding.length() + 1))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no binding " + binding + " in bin/bindings.properties"));
    var command = new ArrayList<>(List.of(args.get(0), "-db", bindingClass));
    command.addAll(args.subList(2, args.size()));
    return command.toArray(String[]::new);
  }
}
