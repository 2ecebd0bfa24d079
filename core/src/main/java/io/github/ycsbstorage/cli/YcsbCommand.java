package io.github.ycsbstorage.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.github.ycsbstorage.binding.YcsbInternals;
import io.github.ycsbstorage.collector.CollectorSettings;
import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.exit.ExitStatus;
import io.github.ycsbstorage.phaseend.ResultExporter;
import io.github.ycsbstorage.phaseend.ResultSettings;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Version;
import io.github.ycsbstorage.store.StoreException;
import io.github.ycsbstorage.store.StoreSettings;
import io.github.ycsbstorage.workload.BindingSession;
import io.github.ycsbstorage.workload.BindingUnavailableException;
import io.github.ycsbstorage.workload.ObservedWorkload;
import io.github.ycsbstorage.workload.StorageSettings;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.ByteArrayInputStream;
import java.io.SequenceInputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.WorkloadException;

/**
 * Entry point behind {@code bin/ycsb load|run|shell}: checks the arguments and properties, then
 * hands over to YCSB 0.17.0's own {@code site.ycsb.Client} (or {@code CommandLine} for shell), so
 * that threads, throttling, measurements and exporters behave exactly as in YCSB.
 *
 * <p>Bad input exits with status 2 and a message naming the argument, before any operation. This class
 * is the one place that turns {@link BadInputException} into exit status 2: for arguments, for
 * the whole input checked before YCSB starts ({@link InputCheck}), and for the server-dependent checks
 * that the workload makes in {@code init()} — YCSB's {@code Client} catches only {@code WorkloadException} there (and exits 0),
 * so the unchecked exception passes through {@code Client.main} to here. Before YCSB starts, one
 * instance of the binding is opened and closed ({@link BindingSession}): a binding that cannot be
 * opened (bad settings, server unreachable within the binding's timeout, bad credentials) exits 2 with
 * its message, as it would otherwise only print a stack trace per client thread and exit 0.
 */
public final class YcsbCommand {
  private YcsbCommand() {
  }

  public static void main(String[] args) throws Exception {
    MaskedStandardStreams.install(args.length > 0 && args[0].equals(ClientArguments.Command.SHELL.word()));
    Main.exit(execute(args));
  }

  /**
   * Runs the command on this process's standard streams and returns its exit status ({@link ExitStatus}),
   * as {@link Main#execute} does for the other commands. A load or run that starts never returns: YCSB's
   * {@code Client.main} ends the JVM itself after its export ({@link ResultExporter} says why the phase's
   * verdict is decided there): in process, a load or run returns only when its input is refused.
   */
  public static int execute(String... args) throws Exception {
    if (args.length == 1 && args[0].equals("--version")) {
      System.out.println(Version.describe());
      return ExitStatus.SUCCESS.code();
    }
    // Before anything runs: this YCSB core has the private members our measurements rely on.
    YcsbInternals.check();
    ClientArguments parsed;
    Properties properties;
    try {
      parsed = ClientArguments.parse(Arrays.asList(args));
      properties = parsed.effectiveProperties();
      InputCheck.check(properties, parsed.command()).forEach(warning -> System.err.println("ycsb: warning: " + warning));
      OutputPaths.checkHdrFolderExists(properties);
    } catch (BadInputException e) {
      return badInput(e);
    }
    if (parsed.command() != ClientArguments.Command.SHELL) {
      try {
        ResultsStoreCheck.check(StoreSettings.from(properties));
      } catch (BadInputException e) {
        return badInput(e);
      } catch (StoreException e) {
        System.err.println("ycsb: error: " + e.getMessage());
        return ExitStatus.FAILED.code();
      }
    }
    // YCSB parses what it is given as is: hand it exactly the (trimmed) values that were checked.
    var ycsbArgs = new ArrayList<String>(List.of("-db", parsed.dbClass()));
    ycsbArgs.addAll(parsed.checkedClientArgs());
    var command = parsed.command();
    try {
      checkBinding(properties);
    } catch (BadInputException | BindingUnavailableException e) {
      return badInput(e);
    }
    if (command == ClientArguments.Command.SHELL) {
      // YCSB's shell reads a line and fails on end of input (Ctrl-D) with a NullPointerException: at
      // the end of input it reads "quit", as if the user had typed it.
      System.setIn(new SequenceInputStream(System.in, new ByteArrayInputStream("\nquit\n".getBytes(UTF_8))));
      site.ycsb.CommandLine.main(ycsbArgs.toArray(String[]::new));
      return ExitStatus.SUCCESS.code();
    }
    StudyParent.watch();
    parsed.replacedDatasetSize().ifPresent(key -> System.setProperty(StorageSettings.REPLACED_SIZE, key));
    ycsbArgs.addAll(IntendedLatency.defaultArguments(properties));
    ycsbArgs.addAll(observedPhase(command == ClientArguments.Command.LOAD ? Phase.LOAD : Phase.RUN, properties));
    // Last, as YCSB's own launcher puts it: YCSB echoes "Command line: …" and PerfKitBenchmarker tells
    // a load from a run by that line ending in -load.
    ycsbArgs.add(command == ClientArguments.Command.LOAD ? "-load" : "-t");
    try {
      Client.main(ycsbArgs.toArray(String[]::new));
    } catch (BadInputException | BindingUnavailableException e) {
      return badInput(e);
    }
    return ExitStatus.SUCCESS.code();
  }

  /** Opens and closes one instance of the binding, on a copy of the properties, before YCSB starts. */
  private static void checkBinding(Properties properties) throws WorkloadException {
    BindingSession.open((Properties) properties.clone()).close();
  }

  /**
   * Every phase is observed, whatever its workload class: one that does not observe itself (all but the
   * storage-aware workload and {@link ObservedWorkload}) runs inside {@link ObservedWorkload}, which
   * gives it the collector, the engine's counters, the failure watch and the result file, and runs the
   * named class unchanged. With {@code collector.enabled=false} the phase is YCSB's alone, its export
   * judged by the {@link ResultExporter} ({@link io.github.ycsbstorage.phaseend.PhaseVerdict}): YCSB's
   * {@code Client} exits 0 even when its load threads stopped at their first failed insert, so a load
   * that stored fewer records than asked would pass as done; YCSB's output is unchanged.
   *
   * @return the arguments that observe or judge the phase; none for a workload that observes itself
   */
  private static List<String> observedPhase(Phase phase, Properties properties) {
    var ycsb = YcsbSettings.from(properties);
    var workload = ycsb.workload();
    if (InputCheck.storageAware(workload) || workload.equals(ObservedWorkload.class.getName())) {
      return List.of();
    }
    if (CollectorSettings.from(properties, Optional.empty()).enabled()) {
      return List.of("-p", Client.WORKLOAD_PROPERTY + "=" + ObservedWorkload.class.getName(),
          "-p", StorageSettings.WORKLOAD + "=" + workload);
    }
    var chosen = ycsb.exporter();
    if (chosen.equals(ResultExporter.class.getName())) {
      return List.of();
    }
    ResultExporter.configure(new ResultSettings(chosen, Optional.empty(), phase, properties, Instant.now(),
        Optional.empty(), Optional.empty()));
    return List.of("-p", Client.EXPORTER_PROPERTY + "=" + ResultExporter.class.getName());
  }

  private static int badInput(Exception e) {
    System.err.println("ycsb: error: " + e.getMessage());
    return ExitStatus.BAD_INPUT.code();
  }
}
