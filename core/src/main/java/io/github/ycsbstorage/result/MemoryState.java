package io.github.ycsbstorage.result;

/**
 * Memory gauges in bytes: used = MemTotal − MemAvailable (as procps {@code free} reports it),
 * page cache = Cached, Dirty, Writeback, swap used = SwapTotal − SwapFree. A gauge is {@code null}
 * when {@code /proc/meminfo} did not hold it. Immutable.
 */
public record MemoryState(Long usedBytes, Long pageCacheBytes, Long dirtyBytes,
    Long writebackBytes, Long swapUsedBytes) {
}
