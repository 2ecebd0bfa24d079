package io.github.ycsbstorage.testkit;

import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Adds to every failure of a test, whatever its reason (an assertion on a child's exit code, an
 * exception, a hang limit), what each {@link ProcessRun} of that test printed: its command, stdout,
 * stderr and exit code, as a suppressed exception that the failure report prints with the stack
 * trace. Registered for every test by JUnit's extension auto-detection (the parent pom enables it,
 * {@code META-INF/services} names this class). Tests run concurrently each show the children they
 * started (and any still open, such as a class's server).
 */
public final class ChildOutputOnFailure
    implements BeforeEachCallback, TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {

  /** The output of a failed test's child processes; carries no stack trace of its own. */
  static final class ChildProcessOutput extends Exception {
    private static final long serialVersionUID = 1L;

    ChildProcessOutput(String output) {
      super(output, null, false, false);
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    ProcessRun.forgetClosed();
  }

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
    throw withChildOutput(failure);
  }

  @Override
  public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
    throw withChildOutput(failure);
  }

  @Override
  public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    throw withChildOutput(failure);
  }

  @Override
  public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    throw withChildOutput(failure);
  }

  @Override
  public void handleAfterAllMethodExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
    throw withChildOutput(failure);
  }

  private static Throwable withChildOutput(Throwable failure) {
    var runs = ProcessRun.remembered();
    if (!runs.isEmpty() && !(failure instanceof TestAbortedException)) {
      failure.addSuppressed(new ChildProcessOutput(runs.size() + " child process(es) of this test:\n"
          + runs.stream().map(ProcessRun::describe).collect(Collectors.joining("\n=== next child ===\n"))));
    }
    return failure;
  }
}
