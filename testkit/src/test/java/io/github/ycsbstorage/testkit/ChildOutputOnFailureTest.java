package io.github.ycsbstorage.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
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
