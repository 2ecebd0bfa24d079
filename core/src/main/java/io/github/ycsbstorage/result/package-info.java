/**
 * The self-describing result of a phase or a study cell ({@code docs/RESULTS.md}): one typed model
 * ({@link io.github.ycsbstorage.result.Result} and its sections), its one writer
 * ({@link io.github.ycsbstorage.result.ResultWriter}) and reader
 * ({@link io.github.ycsbstorage.result.ResultReader}), the one way files are written atomically
 * ({@link io.github.ycsbstorage.result.AtomicFile}), and how a phase fills it: components add what
 * they learnt to the {@link io.github.ycsbstorage.result.RunRecord} and YCSB's exporter writes it
 * ({@link io.github.ycsbstorage.phaseend.ResultExporter}).
 */
package io.github.ycsbstorage.result;
