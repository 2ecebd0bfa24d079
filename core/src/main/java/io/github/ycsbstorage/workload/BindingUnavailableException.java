package io.github.ycsbstorage.workload;

/**
 * The binding could not be opened (server unreachable, bad credentials) while the workload prepared
 * the phase. Unchecked on purpose: YCSB's {@code Client} turns a {@code WorkloadException} from
 * {@code init()} into a stack trace and exit status 0; this one reaches the launcher, which prints
 * the message and exits 2.
 */
public final class BindingUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BindingUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
