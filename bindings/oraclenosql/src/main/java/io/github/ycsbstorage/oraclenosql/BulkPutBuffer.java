package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.Check;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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
  /** Consecutive puts the store did not answer in time, after which the rows left count as not stored. */
  static final int UNANSWERED = 3;
  /** A failed put that took this long was not answered (a refused row fails at once). */
  private static final long UNANSWERED_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(1);

  private final TableAPI tables;
  private final BulkWriteOptions options;
  private final int streams;
  private final int batchSize;
  private final List<Row> pending;

  BulkPutBuffer(TableAPI tables, BulkWriteOptions options, OracleNoSqlSettings.BulkPutSettings settings) {
    Check.argument(tables != null && options != null && settings != null,
        "tables, options and settings are required");
    this.tables = tables;
    this.options = options;
    this.streams = settings.parallelism();
    this.batchSize = settings.batchSize();
    this.pending = new ArrayList<>(Math.min(batchSize, 100_000));
    options.setStreamParallelism(streams);
    options.setOverwrite(true);
  }

  /**
   * What writing a batch left out.
   *
   * @param rows      rows in the batch
   * @param notStored rows that are not in the store afterwards
   * @param failure   the first failure, when any row was not stored
   */
  record Outcome(int rows, int notStored, RuntimeException failure) {
    static Outcome stored(int rows) {
      return new Outcome(rows, 0, null);
    }
  }

  /**
   * Adds a row; writes the batch when it is full.
   *
   * @return the written batch's outcome when this row completed one, else empty
   */
  java.util.Optional<Outcome> add(Row row) {
    pending.add(row);
    if (pending.size() < batchSize) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(flush());
  }

  /** Rows added but not yet written. */
  int pending() {
    return pending.size();
  }

  /**
   * Writes every pending row and counts those that are not stored: the rows kvclient reported as
   * failed, or, when the bulk put failed as a whole (kvclient then cannot say which rows it wrote, and
   * some of its writes may still land after it gave up), the rows that then fail to be put one by one.
   * The batch is gone afterwards either way.
   */
  Outcome flush() {
    if (pending.isEmpty()) {
      return Outcome.stored(0);
    }
    var failures = new FailedRows();
    var parts = new ArrayList<EntryStream<Row>>(streams);
    int perStream = (pending.size() + streams - 1) / streams;
    for (int from = 0; from < pending.size(); from += perStream) {
      var slice = pending.subList(from, Math.min(pending.size(), from + perStream));
      parts.add(new RowStream("ycsb-" + parts.size(), slice.iterator(), failures));
    }
    try {
      tables.put(parts, options);
      return failures.count.get() == 0 ? Outcome.stored(pending.size())
          : new Outcome(pending.size(), failures.count.get(), failures.first.get());
    } catch (RuntimeException e) {
      return new Outcome(pending.size(), putOneByOne(), e);
    } finally {
      pending.clear();
    }
  }

  /**
   * Puts the pending rows one at a time (a put overwrites, so a row the bulk put wrote stays as it is)
   * and returns how many failed. After {@link #UNANSWERED} puts in a row that failed only after a
   * second or more the store is taken as unreachable and every row not yet put counts as not stored,
   * so that a dead store costs a few timeouts, not one per row.
   */
  private int putOneByOne() {
    int failed = 0;
    int unanswered = 0;
    for (int i = 0; i < pending.size(); i++) {
      long started = System.nanoTime();
      try {
        tables.put(pending.get(i), null, options);
        unanswered = 0;
      } catch (RuntimeException e) {
        failed++;
        unanswered = System.nanoTime() - started >= UNANSWERED_NANOS ? unanswered + 1 : 0;
        if (unanswered == UNANSWERED) {
          return failed + pending.size() - i - 1;
        }
      }
    }
    return failed;
  }

  /** The rows kvclient reported as failed, shared by a batch's streams. */
  private static final class FailedRows {
    final AtomicInteger count = new AtomicInteger();
    final AtomicReference<RuntimeException> first = new AtomicReference<>();

    void add(RuntimeException failure) {
      count.incrementAndGet();
      first.compareAndSet(null, failure);
    }
  }

  /** One slice of a batch, handed to kvclient; records the first failed row. */
  private static final class RowStream implements EntryStream<Row> {
    private final String name;
    private final Iterator<Row> rows;
    private final FailedRows failures;

    RowStream(String name, Iterator<Row> rows, FailedRows failures) {
      this.name = name;
      this.rows = rows;
      this.failures = failures;
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
      failures.add(exception);
    }
  }
}
