package io.github.ycsbstorage.store;

import io.github.ycsbstorage.keys.StorageKeys;
import io.github.ycsbstorage.result.DataDevice;
import io.github.ycsbstorage.result.EngineActivity;
import io.github.ycsbstorage.result.Io;
import io.github.ycsbstorage.result.OperationFigures;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.Sizing;
import io.github.ycsbstorage.result.StudyCell;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * A column of the store's {@code runs} table: its name, SQL type and how it is read from a
 * {@link Result}. The table, its inserts, {@code results list} and {@code results export} are these
 * columns in this order; a value not known is SQL {@code NULL}. The whole result is stored beside them.
 */
public enum Column {
  KIND(Type.TEXT, r -> r.study().isPresent() ? "cell" : "phase"),
  STATUS(Type.TEXT, r -> r.status().name().toLowerCase(Locale.ROOT)),
  PHASE(Type.TEXT, r -> r.phase().name().toLowerCase(Locale.ROOT)),
  LABEL(Type.TEXT, r -> r.label().orElse(null)),
  STARTED_AT(Type.TEXT, r -> time(r.startedAt())),
  FINISHED_AT(Type.TEXT, r -> time(r.finishedAt())),
  HOST(Type.TEXT, r -> r.host().hostname().orElse(null)),
  DEVICE(Type.TEXT, r -> r.study().map(s -> s.device().name())
      .orElseGet(() -> devices(r, d -> d.device().name()))),
  DEVICE_TYPE(Type.TEXT, r -> devices(r, d -> d.device().type().name().toLowerCase(Locale.ROOT))),
  DEVICE_MODEL(Type.TEXT, r -> devices(r, d -> d.device().model().orElse(null))),
  FILE_SYSTEM(Type.TEXT, r -> devices(r, d -> d.fsType().orElse(null))),
  BINDING(Type.TEXT, r -> r.versions().binding().orElse(null)),
  DRIVER_VERSION(Type.TEXT, r -> r.versions().driver().orElse(null)),
  SERVER_VERSION(Type.TEXT, r -> r.versions().server().orElse(null)),
  TOOL_VERSION(Type.TEXT, r -> r.versions().ycsbStorage()),
  WORKLOAD(Type.TEXT, r -> r.study().map(StudyCell::workload).orElseGet(() -> StorageKeys.workloadClass(r.properties()))),
  DISTRIBUTION(Type.TEXT, r -> r.study().flatMap(StudyCell::distribution)
      .orElseGet(() -> r.properties().get(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY))),
  DATASET_RATIO(Type.REAL, r -> value(r.sections().sizing().map(Sizing::ratio).orElse(OptionalDouble.empty()))),
  DATASET_BYTES(Type.INTEGER, r -> r.sections().sizing().map(Sizing::expectedBytes).orElse(null)),
  RECORD_COUNT(Type.INTEGER, r -> number(r.properties().get(Client.RECORD_COUNT_PROPERTY))),
  THREADS(Type.INTEGER, r -> r.study().map(s -> (Object) (long) s.threadcount())
      .orElseGet(() -> number(r.properties().get(Client.THREAD_COUNT_PROPERTY)))),
  CLIENTS(Type.INTEGER, r -> (long) r.study().map(StudyCell::clients).orElse(1)),
  TARGET(Type.REAL, r -> r.study().map(s -> value(s.target())).orElseGet(() -> decimal(r.properties()
      .get(Client.TARGET_PROPERTY)))),
  STUDY(Type.TEXT, r -> r.study().map(StudyCell::name).orElse(null)),
  CELL(Type.TEXT, r -> r.study().map(StudyCell::cell).orElse(null)),
  REPETITION(Type.INTEGER, r -> r.study().map(s -> (long) s.repetition()).orElse(null)),
  CACHE(Type.TEXT, r -> r.study().map(StudyCell::cache).orElse(null)),
  THROUGHPUT_OPS(Type.REAL, r -> value(r.summary().throughputOpsPerSec())),
  OPERATIONS(Type.INTEGER, r -> r.summary().count()),
  ERRORS(Type.INTEGER, r -> r.summary().errors()),
  RUNTIME_MS(Type.INTEGER, r -> value(r.summary().runtimeMs())),
  // the highest over the phase's operation types; each type's figures are in the stored result
  P50_US(Type.INTEGER, r -> highest(r, OperationFigures::p50Us)),
  P95_US(Type.INTEGER, r -> highest(r, OperationFigures::p95Us)),
  P99_US(Type.INTEGER, r -> highest(r, OperationFigures::p99Us)),
  P999_US(Type.INTEGER, r -> highest(r, OperationFigures::p999Us)),
  DEVICE_READS_PER_OP(Type.REAL, r -> perOperation(r, Io.PerOperation::deviceReads)),
  DEVICE_WRITES_PER_OP(Type.REAL, r -> perOperation(r, Io.PerOperation::deviceWrites)),
  DEVICE_MB_PER_OP(Type.REAL, r -> perOperation(r, Io.PerOperation::deviceMB)),
  CPU_US_PER_OP(Type.REAL, r -> perOperation(r, Io.PerOperation::cpuMicros)),
  SERVER_CPU_US_PER_OP(Type.REAL, r -> perOperation(r, Io.PerOperation::serverCpuMicros)),
  CPU_SATURATED(Type.INTEGER, r -> r.sections().io().flatMap(Io::cpuSaturated).map(b -> b ? 1L : 0L).orElse(null)),
  ENGINE_CACHE_HIT_RATIO(Type.REAL, r -> value(r.sections().engine().map(EngineActivity::cacheHitRatio)
      .orElse(OptionalDouble.empty()))),
  ENGINE_DEVICE_READS_PER_OP(Type.REAL, r -> value(r.sections().engine()
      .map(EngineActivity::deviceReadsPerOperation).orElse(OptionalDouble.empty()))),
  WARNINGS(Type.INTEGER, r -> (long) r.warnings().size());

  /** ISO-8601 in UTC with all nine fraction digits: one width, so that times sort and compare as text. */
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'")
      .withZone(ZoneOffset.UTC);

  /** SQL's types as SQLite names them. */
  public enum Type { TEXT, INTEGER, REAL }

  private final Type type;
  private final Function<Result, Object> read;

  Column(Type type, Function<Result, Object> read) {
    this.type = type;
    this.read = read;
  }

  /** The column's name in SQL and in the export's header. */
  public String sqlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public Type type() {
    return type;
  }

  /** The value for this result: a String, Long or Double, or null when not known. */
  public Object of(Result result) {
    return read.apply(result);
  }

  /** A time as the store's time columns hold it. */
  static String time(Instant instant) {
    return TIME.format(instant);
  }

  /** The columns' names, comma-separated, for SQL. */
  static String names(Collection<Column> columns) {
    return columns.stream().map(Column::sqlName).collect(Collectors.joining(", "));
  }

  /** The data devices' figures joined with {@code +}, as the report names devices; null without devices. */
  private static String devices(Result result, Function<DataDevice, String> figure) {
    var values = result.sections().devices().orElse(List.of()).stream().map(figure)
        .filter(v -> v != null).distinct().toList();
    return values.isEmpty() ? null : String.join("+", values);
  }

  private static Object highest(Result result, Function<OperationFigures, OptionalLong> figure) {
    var values = result.summary().measured().values().stream().map(figure).filter(OptionalLong::isPresent)
        .mapToLong(OptionalLong::getAsLong).max();
    return value(values);
  }

  private static Object perOperation(Result result, Function<Io.PerOperation, OptionalDouble> figure) {
    return value(result.sections().io().flatMap(Io::perOperation).map(figure).orElse(OptionalDouble.empty()));
  }

  private static Object value(OptionalDouble value) {
    return value.isPresent() ? value.getAsDouble() : null;
  }

  private static Object value(OptionalLong value) {
    return value.isPresent() ? value.getAsLong() : null;
  }

  /** A whole number from a property, null when absent or not one (YCSB checked it before the phase). */
  private static Object number(String text) {
    try {
      return text == null ? null : Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Object decimal(String text) {
    try {
      return text == null ? null : Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
