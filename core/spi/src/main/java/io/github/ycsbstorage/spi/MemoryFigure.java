package io.github.ycsbstorage.spi;

/**
 * An amount of memory together with where it was learnt, e.g. {@code hostInfo.system.memSizeMB}.
 *
 * @param bytes  the amount, positive
 * @param source how it was obtained, shown in the sizing plan and stored in results
 */
public record MemoryFigure(long bytes, String source) {
  public MemoryFigure {
    if (bytes <= 0) {
      throw new IllegalArgumentException("memory must be positive: " + bytes);
    }
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("source must be named");
    }
  }
}
