package io.github.ycsbstorage.study;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The lines a study's cells end with: how many cells ran, were kept, failed or were skipped (with the
 * reasons). The headline speedups come from the report's model ({@code bin/ycsb study} prints them
 * after these lines), so that the study and its report never disagree. Stateless.
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
}
