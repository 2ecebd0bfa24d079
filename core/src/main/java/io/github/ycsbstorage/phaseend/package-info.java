/**
 * The end of a phase, one class per job: YCSB's exporter decorated so that its output gains our
 * summary lines ({@link io.github.ycsbstorage.phaseend.ResultExporter}, with the metrics it collects
 * in {@link io.github.ycsbstorage.phaseend.YcsbSummary}), who exports the phase when a signal or a
 * stranded phase competes with YCSB's {@code Client} ({@link io.github.ycsbstorage.phaseend.ExportClaim},
 * {@link io.github.ycsbstorage.phaseend.InterruptedExport}), the phase's judgement and exit status
 * ({@link io.github.ycsbstorage.phaseend.PhaseVerdict}), and its result file
 * ({@link io.github.ycsbstorage.phaseend.PhaseResult}).
 */
package io.github.ycsbstorage.phaseend;
