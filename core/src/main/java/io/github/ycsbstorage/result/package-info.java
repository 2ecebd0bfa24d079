/**
 * The self-describing result of a phase or a study cell ({@code docs/RESULTS.md}): one typed model
 * ({@link io.github.ycsbstorage.result.Result} and its sections, down to the device, probe and iostat
 * records), its one writer ({@link io.github.ycsbstorage.result.ResultWriter}) and reader
 * ({@link io.github.ycsbstorage.result.ResultReader}), the one way files are written atomically
 * ({@link io.github.ycsbstorage.result.AtomicFile}), and the {@link io.github.ycsbstorage.result.RunRecord}
 * that a phase's components add what they learnt to. The package owns the file format and uses
 * nothing of the collector's: the collector maps its own figures onto these records, and
 * {@code phaseend} writes them when a phase ends.
 */
package io.github.ycsbstorage.result;
