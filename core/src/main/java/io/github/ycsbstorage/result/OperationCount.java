package io.github.ycsbstorage.result;

/**
 * How many operations the phase completed, for per-operation figures (the {@code io.operations}
 * section). Immutable.
 *
 * @param count  the count, or {@code null} when unknown
 * @param source where it came from, or why it is unknown
 */
public record OperationCount(Long count, String source) {
  public OperationCount {
    if (count != null && count <= 0) {
      throw new IllegalArgumentException("count must be positive: " + count);
    }
  }
}
