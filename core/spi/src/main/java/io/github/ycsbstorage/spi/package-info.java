/**
 * The interfaces that bindings implement so that the storage-aware workload and the collector can
 * learn about the server: its memory, cache, data directory, dataset size and driver version
 * ({@link io.github.ycsbstorage.spi.ServerInfoProvider}), and its host's own system metrics for
 * {@code collector.remote} ({@link io.github.ycsbstorage.spi.ServerMetricsProvider}). It depends on
 * nothing else of ycsb-storage: bindings and core both depend on it, never the other way.
 */
package io.github.ycsbstorage.spi;
