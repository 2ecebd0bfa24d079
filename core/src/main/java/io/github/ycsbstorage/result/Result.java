package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One self-describing result file ({@code docs/RESULTS.md}, schema {@value #SCHEMA}): a phase's
 * figures and everything needed to interpret them. Written by {@link ResultWriter}, read by
 * {@link ResultReader}; a phase of the storage-aware workload and a study cell both produce one.
 * Figures that were not known are empty and written as {@code null}; the study-only sections
 * ({@code study}, {@code latency}, {@code clients}) are absent from a single phase's file. Immutable.
 *
 * @param schema     always {@value #SCHEMA}
 * @param status     how the phase ended
 * @param phase      load or run
 * @param label      YCSB's {@code label}, or the study cell's id
 * @param startedAt  when the phase began
 * @param finishedAt when its result was assembled
 * @param versions   what produced it
 * @param host       the client's host
 * @param properties the phase's properties, secrets masked
 * @param summary    YCSB's figures
 * @param sections   what the phase's components learnt (sizing, server, devices, io, …)
 * @param warnings   what makes the figures suspect
 * @param study      a study cell's place in its matrix
 * @param latency    a study cell's latency distribution per operation type
 * @param clients    a study cell's figures per client process
 */
public record Result(String schema, Status status, Phase phase, Optional<String> label, Instant startedAt,
    Instant finishedAt, Versions versions, Host host, Map<String, String> properties, Summary summary,
    @JsonUnwrapped Sections sections, List<String> warnings,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<StudyCell> study,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, List<PercentilePoint>> latency,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ClientFigures> clients) {

  /** The schema this model writes and reads. */
  public static final String SCHEMA = "ycsb-storage-result/1";

  public Result {
    if (!SCHEMA.equals(schema)) {
      throw new IllegalArgumentException("schema must be " + SCHEMA + ": " + schema);
    }
    if (status == null || phase == null || startedAt == null || finishedAt == null || versions == null
        || host == null || summary == null) {
      throw new IllegalArgumentException("a result needs its status, phase, times, versions, host and summary");
    }
    label = label == null ? Optional.empty() : label;
    properties = properties == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(properties));
    sections = sections == null ? Sections.NONE : sections;
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
    study = study == null ? Optional.empty() : study;
    latency = latency == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(latency));
    clients = clients == null ? List.of() : List.copyOf(clients);
  }

  /** A single phase's result (no study sections). */
  public static Result ofPhase(Status status, Phase phase, Optional<String> label, Instant startedAt,
      Instant finishedAt, Versions versions, Host host, Map<String, String> properties, Summary summary,
      Sections sections, List<String> warnings) {
    return new Result(SCHEMA, status, phase, label, startedAt, finishedAt, versions, host, properties, summary,
        sections, warnings, Optional.empty(), Map.of(), List.of());
  }

  /** This result with other sections (e.g. a capacity search's). */
  public Result withSections(Sections other) {
    return new Result(SCHEMA, status, phase, label, startedAt, finishedAt, versions, host, properties, summary,
        other, warnings, study, latency, clients);
  }

  /** This result as a study cell's, with the study's sections. */
  public Result asStudyCell(StudyCell cell, Map<String, List<PercentilePoint>> distribution,
      List<ClientFigures> perClient) {
    return new Result(SCHEMA, status, phase, label, startedAt, finishedAt, versions, host, properties, summary,
        sections, warnings, Optional.of(cell), distribution, perClient);
  }
}
