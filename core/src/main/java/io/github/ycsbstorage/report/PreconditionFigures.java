package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.Precondition;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the report says about preconditioning ({@code storage.precondition}): per load that
 * preconditioned its device, one line with its device and dataset size, the verdict and every
 * round's write rate. Its rounds are drawn by {@link Charts#steadyRounds}, as a steady warm-up's are.
 * Stateless.
 */
final class PreconditionFigures {
  private PreconditionFigures() {
  }

  /** The cells that preconditioned, in study order. */
  static List<ReportCell> cells(ReportModel model) {
    return model.cells().stream().filter(c -> c.result().sections().precondition().isPresent()).toList();
  }

  /** E.g. {@code ssd, 1.33× RAM}: where the chart's title and the line start. */
  static String title(ReportCell cell) {
    return cell.device() + ", " + cell.scaleTitle();
  }

  /**
   * E.g. {@code ssd, 1.33× RAM: 412,003 overwrites (…); steady after 7 rounds (…); overwrites per second per
   * round: 9,800 · 10,100 · …}.
   */
  static List<String> lines(ReportModel model) {
    return cells(model).stream().map(cell -> {
      var done = cell.result().sections().precondition().orElseThrow();
      return title(cell) + ": " + done.summary() + String.format(Locale.ROOT, ", in %.1f s", done.seconds())
          + "; " + done.roundUnit() + " per round: " + rates(done);
    }).toList();
  }

  private static String rates(Precondition done) {
    var rounds = done.steady().rounds();
    return rounds.isEmpty() ? "no round completed" : rounds.stream()
        .map(r -> String.format(Locale.ROOT, r.opsPerSec() >= 100 ? "%,.0f" : "%.1f", r.opsPerSec()))
        .collect(Collectors.joining(" · "));
  }
}
