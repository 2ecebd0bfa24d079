package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.result.RunRecord;

/** A warning that must not wait for the result file: printed on stderr and recorded. Stateless. */
final class ConsoleWarning {
  private ConsoleWarning() {
  }

  static void warn(RunRecord record, String warning) {
    System.err.println("Warning: " + warning);
    record.addWarning(warning);
  }
}
