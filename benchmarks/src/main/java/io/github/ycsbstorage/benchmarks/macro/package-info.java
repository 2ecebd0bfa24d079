/**
 * Not JMH: the programs the side-by-side macro benchmarks in {@code scripts/bench/} run beside
 * {@code bin/ycsb} (raw-driver and raw Table API loops, an in-process MongoDB-wire server).
 */
package io.github.ycsbstorage.benchmarks.macro;
