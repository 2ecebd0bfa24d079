package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.keys.StorageKeys;
import java.util.Map;
import site.ycsb.Client;

/**
 * One dataset size of a study, expressed as the storage-aware workload understands it: a ratio of
 * server memory ({@code storage.dataset.ratio}), a byte size ({@code storage.dataset.size}) or, for
 * plain YCSB workloads, a record count ({@code recordcount}). Immutable.
 */
public record DatasetScale(Kind kind, String value) {
  /** How the size is given. */
  public enum Kind {
    RATIO("ratio", StorageKeys.RATIO),
    SIZE("size", StorageKeys.SIZE),
    RECORDS("records", Client.RECORD_COUNT_PROPERTY);

    final String label;
    final String property;

    Kind(String label, String property) {
      this.label = label;
      this.property = property;
    }
  }

  public DatasetScale {
    Check.argument(kind != null && value != null && !value.isBlank(), "dataset scale needs a kind and a value");
  }

  /** Part of a cell name, e.g. {@code ratio0.33}. */
  public String label() {
    return kind.label + value;
  }

  /** The properties that select this size. */
  public Map<String, String> properties() {
    return Map.of(kind.property, value);
  }

  /** Whether the storage-aware workload must size the dataset (ratio or size). */
  public boolean needsStorageAwareWorkload() {
    return kind != Kind.RECORDS;
  }
}
