/**
 * The results store ({@code docs/results-store.md}): every phase and study cell adds one row at its end,
 * projected from its {@link io.github.ycsbstorage.result.Result} with the result itself and its
 * HdrHistogram interval logs, into an embedded SQLite file; {@code bin/ycsb results} reads it back.
 */
package io.github.ycsbstorage.store;
