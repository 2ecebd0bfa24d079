package io.github.ycsbstorage.store;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which rows {@code results list} and {@code export} show: each given filter must hold (a text one
 * matches a part of its column, e.g. {@code rocksdb} of the binding's class name). Immutable.
 */
public record RunFilter(Optional<String> device, Optional<String> binding, Optional<String> workload,
    Optional<String> study, Optional<Instant> since, Optional<Instant> until) {
  /** Every row. */
  public static final RunFilter ALL = new RunFilter(Optional.empty(), Optional.empty(), Optional.empty(),
      Optional.empty(), Optional.empty(), Optional.empty());

  /** A study's rows, exactly by its name. */
  public static RunFilter study(String name) {
    return new RunFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(name), Optional.empty(),
        Optional.empty());
  }

  /** The SQL condition with its values in order. */
  record Where(String sql, List<String> values) {
  }

  Where where(Dialect dialect) {
    var conditions = new ArrayList<String>();
    var values = new ArrayList<String>();
    contains(dialect, Column.DEVICE, device, conditions, values);
    contains(dialect, Column.BINDING, binding, conditions, values);
    contains(dialect, Column.WORKLOAD, workload, conditions, values);
    study.ifPresent(name -> {
      conditions.add(Column.STUDY.sqlName() + " = ?");
      values.add(name);
    });
    // the store's times are of one width: they compare as text
    since.ifPresent(time -> {
      conditions.add(Column.STARTED_AT.sqlName() + " >= ?");
      values.add(Column.time(time));
    });
    until.ifPresent(time -> {
      conditions.add(Column.STARTED_AT.sqlName() + " < ?");
      values.add(Column.time(time));
    });
    return new Where(conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions), values);
  }

  private static void contains(Dialect dialect, Column column, Optional<String> part, List<String> conditions,
      List<String> values) {
    part.ifPresent(text -> {
      conditions.add(dialect.contains(column.sqlName()));
      values.add(text);
    });
  }
}
