package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * Refuses a record shape whose records cannot be built in the client's memory: CoreWorkload keeps
 * every field name in a list, and each client thread holds a record's values (the bytes, and again
 * as the text most bindings make of them). {@code fieldcount=2147483647} would otherwise fill the heap
 * for minutes and then hang. The estimate is a lower bound, so a refused shape never fits. Stateless.
 */
final class RecordMemory {
  /** A field name: its String, its bytes and its slot in CoreWorkload's list. */
  private static final long NAME_BYTES = 56;
  /** Per field value besides its bytes: the map entry, the ByteIterator, the String header. */
  private static final long VALUE_OVERHEAD = 96;

  private RecordMemory() {
  }

  /**
   * @param available the client JVM's heap limit in bytes
   * @throws InvalidPropertyException naming fieldcount or fieldlength, with the memory needed
   */
  static void check(Properties properties, long available) {
    var ycsb = YcsbSettings.from(properties);
    long fields = ycsb.fieldCount();
    long length = ycsb.fieldLength();
    long threads = ycsb.threadCount();
    // doubles, not longs: 2^31 fields × 2^31 bytes × threads overflows a long
    double needed = fields * (double) NAME_BYTES + threads * (double) fields * (2.0 * length + VALUE_OVERHEAD);
    if (needed <= available) {
      return;
    }
    // blame what makes it too much: the threads if one thread's record fits, else the larger dimension
    double oneThread = fields * (double) NAME_BYTES + fields * (2.0 * length + VALUE_OVERHEAD);
    var key = threads > 1 && oneThread <= available ? Client.THREAD_COUNT_PROPERTY
        : length >= fields ? CoreWorkload.FIELD_LENGTH_PROPERTY : CoreWorkload.FIELD_COUNT_PROPERTY;
    long value = switch (key) {
      case Client.THREAD_COUNT_PROPERTY -> threads;
      case CoreWorkload.FIELD_LENGTH_PROPERTY -> length;
      default -> fields;
    };
    throw new InvalidPropertyException(key, Long.toString(value),
        "a record shape whose records fit in the client's memory",
        "records of " + fields + " fields × " + length + " bytes need at least " + size(needed) + " of client memory with "
            + threads + (threads == 1 ? " thread" : " threads") + ", but the client's heap is " + size(available)
            + " (raise it with -jvm-args -Xmx…, or use fewer threads or smaller records)");
  }

  private static String size(double bytes) {
    return bytes >= Long.MAX_VALUE ? "more than 9 EB" : ByteSize.ofBytes((long) bytes).toString();
  }
}
