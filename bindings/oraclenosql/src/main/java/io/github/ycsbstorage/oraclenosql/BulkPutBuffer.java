package io.github.ycsbstorage.oraclenosql;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import oracle.kv.BulkWriteOptions;
import oracle.kv.EntryStream;
import oracle.kv.table.Row;
import oracle.kv.table.TableAPI;

/**
 * Collects one client thread's inserted rows and writes each full batch with kvclient's bulk put
 * ({@link TableAPI#put(List, BulkWriteOptions)}), split over several entry streams that kvclient
 * reads in parallel. Rows exist in the store only after {@link #flush()}; the binding flushes the
 * last partial batch in {@code cleanup()}. Not thread-safe: one per YCSB client thread.
 */
final class BulkPutBuffer {
  private final TableAPI tables;
  private final BulkWriteOptions options;
  private final int streams;
  private final int batchSize;
  private final List<Row> pending;

  BulkPutBuffer(TableAPI tables, BulkWriteOptions options, ClientSettings.BulkPutSettings settings) {
    if (tables == null || options == null || settings == null) {
      throw new IllegalArgumentException("tables, options and settings are required");
    }
    this.tables = tables;
    this.options = options;
    this.streams = settings.parallelism();
    this.batchSize = settings.batchSize();
    this.pending = new ArrayList<>(Math.min(batchSize, 100_000));
    options.setStreamParallelism(streams);
    options.setOverwrite(true);
  }

  /**
   * Adds a row; writes the batch when it is full.
   *
   * @return whether this row completed a batch that is now written
   */
  boolean add(Row row) {
    pending.add(row);
    if (pending.size() < batchSize) {
      return false;
    }
    flush();
    return true;
  }

  /** Rows added but not yet written. */
  int pending() {
    return pending.size();
  }

  /**
   * Writes every pending row. The batch is gone afterwards either way.
   *
   * @throws RuntimeException the first failure kvclient reported for a row, or the bulk put's own
   */
  void flush() {
    if (pending.isEmpty()) {
      return;
    }
    var failure = new AtomicReference<RuntimeException>();
    var parts = new ArrayList<EntryStream<Row>>(streams);
    int perStream = (pending.size() + streams - 1) / streams;
    for (int from = 0; from < pending.size(); from += perStream) {
      var slice = pending.subList(from, Math.min(pending.size(), from + perStream));
      parts.add(new RowStream("ycsb-" + parts.size(), slice.iterator(), failure));
    }
    try {
      tables.put(parts, options);
    } finally {
      pending.clear();
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  /** One slice of a batch, handed to kvclient; records the first failed row. */
  private static final class RowStream implements EntryStream<Row> {
    private final String name;
    private final Iterator<Row> rows;
    private final AtomicReference<RuntimeException> failure;

    RowStream(String name, Iterator<Row> rows, AtomicReference<RuntimeException> failure) {
      this.name = name;
      this.rows = rows;
      this.failure = failure;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Row getNext() {
      return rows.hasNext() ? rows.next() : null;
    }

    @Override
    public void completed() {
      // Nothing to release: the rows live in the buffer's list.
    }

    @Override
    public void keyExists(Row entry) {
      // Not called: overwrite is on, as for a per-record insert.
    }

    @Override
    public void catchException(RuntimeException exception, Row entry) {
      failure.compareAndSet(null, exception);
    }
  }
}
