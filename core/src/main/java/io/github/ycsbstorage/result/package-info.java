/**
 * The self-describing result of a phase: what components learnt ({@link RunRecord}), written next to
 * YCSB's own exporter output. The file format is documented in {@code docs/RESULTS.md}.
 */
package io.github.ycsbstorage.result;
