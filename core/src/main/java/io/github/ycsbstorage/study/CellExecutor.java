package io.github.ycsbstorage.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbstorage.result.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Runs one cell: builds its clients' commands ({@link CellCommands}), runs them to their end
 * ({@link ClientLaunch}), reads what each left behind ({@link ClientOutcome}) and merges that into
 * the cell's result ({@link CellMerge}). Raw client outputs stay in {@code <cell>.d/} beside the
 * result, with one HdrHistogram log per operation merged from all clients' ({@link HdrLogs}). Not thread-safe: used by the study's single runner thread.
 */
final class CellExecutor {
  private final StudySettings study;
  private final CellCommands commands;
  private final ChildProcesses children;
  private final ObjectMapper json;

  CellExecutor(StudySettings study, CellCommands commands, ChildProcesses children, ObjectMapper json) {
    this.study = study;
    this.commands = commands;
    this.children = children;
    this.json = json;
  }

  /**
   * Runs the cell's clients and returns its result document, whose status is the worst of its
   * clients'.
   *
   * @param folder   empty folder for the raw client outputs
   * @param warnings found before the cell ran (e.g. the page cache could not be dropped)
   * @throws IOException when a client left no YCSB export; the message names its log
   */
  Result run(Cell cell, Path folder, List<String> warnings) throws IOException, InterruptedException {
    var startedAt = Instant.now();
    var clients = commands.commands(cell, folder);
    var launched = ClientLaunch.run(clients, children);
    var outcomes = new ArrayList<ClientOutcome>();
    for (var client : clients) {
      var ended = launched.clients().get(client.index());
      outcomes.add(outcome(cell, client, ended));
    }
    writeMergedLogs(clients, folder);
    var cellWarnings = new ArrayList<>(warnings);
    commands.fewerClients(cell).ifPresent(cellWarnings::add);
    return CellMerge.result(study, cell, folder, startedAt, outcomes, launched, clients.get(0).properties(),
        commands.inputs(cell), cellWarnings);
  }

  private ClientOutcome outcome(Cell cell, CellCommands.ClientCommand client, ClientLaunch.Ended ended)
      throws IOException {
    var export = client.folder().resolve("export.json");
    var stderr = client.folder().resolve("stderr.log");
    if (!Files.isRegularFile(export)) {
      throw new IOException("client " + client.index() + " of cell " + cell.id() + " failed with status "
          + ended.exitCode() + " and exported nothing; see " + stderr + tail(stderr));
    }
    return ClientOutcome.read(client.index(), export, client.folder(), client.folder().resolve("result.json"),
        ended.cpuSeconds(), json);
  }

  /** {@code <cell>.d/<OPERATION>.hdr}: every client's intervals in one log, for HdrHistogram's tools. */
  private static void writeMergedLogs(List<CellCommands.ClientCommand> clients, Path folder) throws IOException {
    var byOperation = new TreeMap<String, List<Path>>();
    for (var client : clients) {
      try (var logs = Files.list(client.folder())) {
        logs.filter(p -> p.getFileName().toString().endsWith(".hdr")).sorted().forEach(log -> byOperation
            .computeIfAbsent(log.getFileName().toString(), k -> new ArrayList<>()).add(log));
      }
    }
    for (var operation : byOperation.entrySet()) {
      HdrLogs.writeMerged(operation.getValue(), folder.resolve(operation.getKey()));
    }
  }

  private static String tail(Path log) {
    try {
      var lines = Files.readAllLines(log);
      return ":\n  " + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }
}
