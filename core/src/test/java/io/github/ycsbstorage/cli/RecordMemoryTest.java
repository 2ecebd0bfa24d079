package io.github.ycsbstorage.cli;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.InvalidPropertyException;
import org.junit.jupiter.api.Test;

class RecordMemoryTest {
  private static final long GIGABYTE = 1L << 30;

  @Test
  void ordinaryRecordsFitAtManyThreads() {
    assertDoesNotThrow(() -> RecordMemory.check(properties("threadcount", "256"), GIGABYTE));
    assertDoesNotThrow(() -> RecordMemory.check(properties("fieldcount", "1", "fieldlength", "1000000",
        "threadcount", "64"), GIGABYTE / 4 + (64L << 20) * 2));
  }

  @Test
  void refusesRecordsThatCannotFitNamingTheLargerShape() {
    var fields = assertThrows(InvalidPropertyException.class,
        () -> RecordMemory.check(properties("fieldcount", "2147483647"), 6 * GIGABYTE));
    assertEquals("fieldcount", fields.property());
    assertEquals("fieldcount='2147483647' is invalid: records of 2147483647 fields × 100 bytes need at least 755.9 GB"
        + " of client memory with 1 thread, but the client's heap is 6.4 GB (raise it with -jvm-args -Xmx…, or use "
        + "fewer threads or smaller records); accepted: a record shape whose records fit in the client's memory",
        fields.getMessage());
    var length = assertThrows(InvalidPropertyException.class, () -> RecordMemory.check(
        properties("fieldlength", "2147483647", "threadcount", "8"), 6 * GIGABYTE));
    assertEquals("fieldlength", length.property());
    var threads = assertThrows(InvalidPropertyException.class, () -> RecordMemory.check(
        properties("fieldlength", "10000", "threadcount", "4444444"), 6 * GIGABYTE));
    assertEquals("threadcount='4444444' is invalid", threads.getMessage().substring(0, 32),
        "one thread's record fits: the threads are too many");
  }
}
