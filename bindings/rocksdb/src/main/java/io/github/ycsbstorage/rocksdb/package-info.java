/**
 * The {@code rocksdb} binding: RocksDB (rocksdbjni) embedded in the client JVM, with direct I/O so that
 * its block cache, sized by the study, is the only cache between the workload and the device.
 */
package io.github.ycsbstorage.rocksdb;
