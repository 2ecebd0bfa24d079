package io.github.ycsbstorage.store;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One row of the store as {@code results list} and {@code export} show it: its id and its
 * {@link Column}s' values (absent: not known). Immutable.
 */
public record StoredRun(long id, Map<Column, Object> values) {
  public StoredRun {
    values = Map.copyOf(values);
  }

  public Optional<String> text(Column column) {
    return Optional.ofNullable(values.get(column)).map(Object::toString);
  }

  public OptionalDouble number(Column column) {
    var value = values.get(column);
    return value instanceof Number n ? OptionalDouble.of(n.doubleValue()) : OptionalDouble.empty();
  }
}
