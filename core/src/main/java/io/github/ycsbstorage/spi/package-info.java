/**
 * The interfaces that bindings implement so that the storage-aware workload and the collector can
 * learn about the server: its memory, cache, data directory and dataset size.
 */
package io.github.ycsbstorage.spi;
