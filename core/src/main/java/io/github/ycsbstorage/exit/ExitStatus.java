package io.github.ycsbstorage.exit;

/**
 * The exit statuses of {@code bin/ycsb}'s commands, as docs/ERRORS.md lists them: each defined here
 * once, for the phases, the study, the report and the demo alike.
 */
public enum ExitStatus {
  /** The work was done: a phase {@code complete} or {@code degraded}, a study, a report, the demo. */
  SUCCESS(0),
  /** The work was not done: a {@code failed} phase or study cell, or a failure outside a phase. */
  FAILED(1),
  /** Bad input, before anything ran or was written ({@link io.github.ycsbstorage.config.BadInputException}). */
  BAD_INPUT(2),
  /** Stopped by SIGINT (128 + 2), its measurements so far exported. */
  INTERRUPTED(130),
  /** Stopped by SIGTERM (128 + 15), or a study client whose study went away. */
  TERMINATED(143);

  private final int code;

  ExitStatus(int code) {
    this.code = code;
  }

  /** The process exit status. */
  public int code() {
    return code;
  }

  /** Whether a child process's exit status says a signal stopped it. */
  public static boolean signalled(int code) {
    return code == INTERRUPTED.code || code == TERMINATED.code;
  }
}
