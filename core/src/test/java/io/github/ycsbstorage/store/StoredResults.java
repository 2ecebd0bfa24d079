package io.github.ycsbstorage.store;

import io.github.ycsbstorage.result.Host;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.Sections;
import io.github.ycsbstorage.result.Status;
import io.github.ycsbstorage.result.Summary;
import io.github.ycsbstorage.result.Versions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** Results for the store's tests: a run of the basic binding with a given throughput and READ p99. */
public final class StoredResults {
  public static final Instant STARTED = Instant.parse("2026-11-21T19:55:00Z");

  private StoredResults() {
  }

  public static Result run(double throughput, long p99Us) {
    var read = new OperationFigures(10_000, OptionalDouble.of(p99Us / 2.0), OptionalLong.of(1), OptionalLong.of(p99Us * 2),
        OptionalLong.of(p99Us / 2), OptionalLong.of(p99Us - 1), OptionalLong.of(p99Us), OptionalLong.of(p99Us + 1),
        Map.of(), Map.of("OK", 10_000L), Optional.empty());
    return Result.ofPhase(Status.COMPLETE, Phase.RUN, Optional.of("basic"), STARTED, STARTED.plusSeconds(10),
        Versions.of(Optional.of("site.ycsb.BasicDB"), Optional.empty(), Optional.empty()), Host.local(),
        Map.of("workload", "site.ycsb.workloads.CoreWorkload", "threadcount", "4", "mongodb.url", "mongodb://u:*****@h/"),
        Summary.of(OptionalLong.of(10_000), OptionalDouble.of(throughput), Map.of("READ", read)), Sections.NONE,
        List.of());
  }
}
