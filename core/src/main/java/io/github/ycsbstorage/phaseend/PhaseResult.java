package io.github.ycsbstorage.phaseend;

import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.result.AtomicFile;
import io.github.ycsbstorage.result.Host;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultWriter;
import io.github.ycsbstorage.result.RunRecord;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.result.Summary;
import io.github.ycsbstorage.result.Versions;
import io.github.ycsbstorage.store.StoreException;
import io.github.ycsbstorage.store.StoreWriter;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Optional;
import java.util.stream.Stream;
import site.ycsb.Client;

/**
 * The phase's result file: YCSB's summary, what the phase's {@link RunRecord} holds and the phase's
 * identity, written by {@link ResultWriter}; and, when the phase's output cannot be written, the
 * removal of every file that could pass for its result. Stateless.
 */
final class PhaseResult {
  private PhaseResult() {
  }

  /**
   * Writes the result file when the phase has one and names it on stderr, then adds the phase to the
   * results store (with or without a result file).
   *
   * @throws StoreException when the store cannot be written; the result file is then written
   */
  static void write(ResultSettings settings, Summary summary, RunRecord record, PhaseVerdict verdict)
      throws IOException {
    var result = of(settings, summary, record, Instant.now(), verdict);
    if (settings.resultFile().isPresent()) {
      var path = settings.resultFile().get();
      ResultWriter.write(path, result);
      System.err.println("Result: " + path);
    }
    StoreWriter.addPhase(settings.properties(), result);
  }

  /**
   * The phase's result: YCSB's summary, what the record holds, and the phase's identity; a failed
   * phase's reasons come first among the warnings.
   */
  static Result of(ResultSettings settings, Summary summary, RunRecord record, Instant finishedAt,
      PhaseVerdict verdict) {
    var warnings = new ArrayList<String>();
    if (verdict.status() == Status.FAILED) {
      verdict.reasons().forEach(reason -> warnings.add("failed: " + reason));
    }
    warnings.addAll(record.warnings());
    var properties = SecretMasker.maskedCopy(settings.properties());
    properties.put(Client.EXPORTER_PROPERTY, settings.delegateClass());
    var binding = YcsbSettings.from(settings.properties()).db();
    return Result.ofPhase(verdict.status(), settings.phase(), Optional.ofNullable(properties.get(Client.LABEL_PROPERTY)),
        settings.startedAt(), finishedAt, Versions.of(Optional.of(binding), settings.driver(), settings.server()),
        Host.local(), properties, summary, record.sections(), warnings);
  }

  /**
   * Removes the export file when its writing failed (it is partial) and the result file at this
   * phase's path (an earlier phase's, since this one's was not written), see {@link AtomicFile#discard}.
   *
   * @return what was removed, for the message
   */
  static String discardOutputs(ResultSettings settings, boolean partialExport) {
    var removed = new ArrayList<String>();
    var export = YcsbSettings.from(settings.properties()).exportFile().filter(file -> partialExport).map(Path::of);
    for (var file : Stream.concat(export.stream(), settings.resultFile().stream()).toList()) {
      AtomicFile.discard(file).ifPresent(removed::add);
    }
    return removed.isEmpty() ? "" : "; removed " + String.join(" and ", removed);
  }
}
