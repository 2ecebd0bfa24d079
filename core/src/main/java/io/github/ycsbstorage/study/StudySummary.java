package io.github.ycsbstorage.study;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The lines a study ends with: how many cells ran, were kept, failed or were skipped (with the
 * reasons), then each load's preconditioning, then the report's headline: each comparison's verdict, the verdicts first, then those
 * without one with their reasons, word for word as the report has them, so that the study and its
 * report never disagree. Stateless.
 */
public final class StudySummary {
  private StudySummary() {
  }

  public static void print(StudyOutcome outcome, PrintStream out) {
    var ran = outcome.results().size() - outcome.kept();
    out.printf(Locale.ROOT, "study: summary: %d cells: %d run now, %d kept from an earlier run, %d failed,"
        + " %d skipped%n", outcome.cells(), ran, outcome.kept(), outcome.failed().size(), outcome.skipped().size());
    outcome.failed().forEach(cell -> out.println("study: failed: " + cell));
    outcome.skipped().forEach(cell -> out.println("study: skipped: " + cell));
  }

  /**
   * The report's lines ({@code ReportBuilder.Lines}): each load's preconditioning as
   * {@code study: preconditioning: <line>}, then the headline, each as {@code study: headline: <line>}.
   */
  public static void report(List<String> preconditioning, List<String> headline, PrintStream out) {
    preconditioning.forEach(line -> out.println("study: preconditioning: " + line));
    headline.forEach(line -> out.println("study: headline: " + line));
  }
}
