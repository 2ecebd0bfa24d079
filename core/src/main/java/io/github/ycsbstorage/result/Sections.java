package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.ycsbstorage.spi.ServerInfo;
import java.util.List;
import java.util.Optional;

/**
 * What the phase's components learnt beyond YCSB's figures; in the file these are top-level keys
 * of the result. Empty means unknown (written as {@code null}): e.g. no {@code devices} and
 * {@code io} when the collector did not run. Immutable.
 *
 * @param sizing     the storage-aware workload's plan and what the load achieved
 * @param server     what the binding learnt about the database server
 * @param devices    the devices behind the watched data paths
 * @param io         the collector's figures over the phase
 * @param perfkitbenchmarker PerfKitBenchmarker's metadata keys for the first data device, when the
 *                   collector found one
 * @param timeseries the collector's time-series file, relative to the result's folder when inside it
 * @param warmup     the unmeasured warm-up before the run, when there was one (absent otherwise)
 * @param engine     an embedded engine's own counters over the phase (absent for a remote server)
 * @param precondition a load's overwrites until the write rate was steady (absent otherwise)
 * @param capacity   a study cell run as a capacity search: its steps and the rate found (absent otherwise)
 */
public record Sections(Optional<Sizing> sizing, Optional<ServerInfo> server, Optional<List<DataDevice>> devices,
    Optional<Io> io, Optional<PerfKitBenchmarkerMetadata> perfkitbenchmarker, Optional<String> timeseries,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Warmup> warmup,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<EngineActivity> engine,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Precondition> precondition,
    @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Capacity> capacity) {

  /** Nothing learnt. */
  public static final Sections NONE = new Sections(Optional.empty(), Optional.empty(), Optional.empty(),
      Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
      Optional.empty());

  public Sections {
    sizing = sizing == null ? Optional.empty() : sizing;
    server = server == null ? Optional.empty() : server;
    devices = devices == null ? Optional.empty() : devices.map(List::copyOf);
    io = io == null ? Optional.empty() : io;
    perfkitbenchmarker = perfkitbenchmarker == null ? Optional.empty() : perfkitbenchmarker;
    timeseries = timeseries == null ? Optional.empty() : timeseries;
    warmup = warmup == null ? Optional.empty() : warmup;
    engine = engine == null ? Optional.empty() : engine;
    precondition = precondition == null ? Optional.empty() : precondition;
    capacity = capacity == null ? Optional.empty() : capacity;
  }

  /** These sections with another {@code io} section (e.g. a study cell's operation count). */
  public Sections withIo(Optional<Io> section) {
    return new Sections(sizing, server, devices, section, perfkitbenchmarker, timeseries, warmup, engine, precondition,
        capacity);
  }

  /** These sections with a capacity search's section. */
  public Sections withCapacity(Capacity section) {
    return new Sections(sizing, server, devices, io, perfkitbenchmarker, timeseries, warmup, engine,
        precondition, Optional.of(section));
  }

  /** These sections with the time-series file named differently (e.g. relative to another folder). */
  public Sections withTimeseries(Optional<String> file) {
    return new Sections(sizing, server, devices, io, perfkitbenchmarker, file, warmup, engine, precondition,
        capacity);
  }
}
