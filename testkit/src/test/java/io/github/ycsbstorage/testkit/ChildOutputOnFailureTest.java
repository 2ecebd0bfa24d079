package io.github.ycsbstorage.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Arrays;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

class ChildOutputOnFailureTest {

  /** Fails on its child's exit code, as an end-to-end test does; run only through the launcher below. */
  static class FailsOnAnExitCode {
    @Test
    void childExitsThree() throws Exception {
      try (var child = ProcessRun.start(new ProcessBuilder("sh", "-c", "echo said-on-stdout; echo said-on-stderr >&2; exit 3"))) {
        assertEquals(0, child.finish(), "exit code");
      }
    }
  }

  /** Two tests run at once, each failing after its child ended while the other's ran; through the launcher below. */
  @Execution(ExecutionMode.CONCURRENT)
  static class FailConcurrently {
    /** Both children have ended before either test fails: each test's own report must still hold its own. */
    static final CyclicBarrier BOTH_ENDED = new CyclicBarrier(2);

    @Test
    void first() throws Exception {
      childThenFail("first-child");
    }

    @Test
    void second() throws Exception {
      childThenFail("second-child");
    }

    private static void childThenFail(String word) throws Exception {
      try (var child = ProcessRun.start(new ProcessBuilder("echo", word))) {
        child.finish();
      }
      BOTH_ENDED.await(HangLimit.of(HangLimit.STEP).toSeconds(), TimeUnit.SECONDS);
      throw new AssertionError(word + " fails");
    }
  }

  @Test
  void concurrentTestsEachShowTheirOwnChild() {
    var request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(FailConcurrently.class))
        .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
        .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
        .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
        .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", "2").build();
    var summary = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, summary);

    var failures = summary.getSummary().getFailures();
    assertEquals(2, failures.size(), "both tests failed");
    for (var failure : failures) {
      var exception = failure.getException();
      var own = exception.getMessage().startsWith("first-child") ? "first-child" : "second-child";
      var other = own.equals("first-child") ? "second-child" : "first-child";
      assertTrue(exception.getMessage().endsWith(" fails"), "its own failure, not the barrier's: " + exception);
      var shown = Arrays.stream(exception.getSuppressed()).map(Throwable::getMessage).collect(Collectors.joining("\n"));
      assertTrue(shown.contains("echo " + own), own + "'s report shows its child: " + shown);
      assertFalse(shown.contains("echo " + other), own + "'s report leaves out the other test's child: " + shown);
    }
  }

  @Test
  void aTestThatFailsOnAnAssertionAfterItsChildEndedShowsWhatTheChildPrinted() {
    var request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(FailsOnAnExitCode.class))
        .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true").build();
    var summary = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, summary);

    var failures = summary.getSummary().getFailures();
    assertEquals(1, failures.size(), "the one test failed");
    var failure = failures.get(0).getException();
    var shown = Arrays.stream(failure.getSuppressed()).map(Throwable::getMessage).collect(Collectors.joining("\n"));
    assertTrue(shown.contains("sh -c echo said-on-stdout"), "the command: " + shown);
    assertTrue(shown.contains("--- stdout so far ---\nsaid-on-stdout\n"), "stdout: " + shown);
    assertTrue(shown.contains("--- stderr so far ---\nsaid-on-stderr\n"), "stderr: " + shown);
    assertTrue(shown.contains("exit code 3"), "exit code: " + shown);
  }
}
