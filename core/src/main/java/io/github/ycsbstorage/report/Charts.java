package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.PercentilePoint;
import io.github.ycsbstorage.result.SteadyState;
import java.awt.BasicStroke;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the report's charts with XChart as PNG files, in {@link Palette}'s colours and shapes.
 * Unknown values (NaN) are left out, never drawn as zero. Stateless.
 */
final class Charts {
  static final int WIDTH = 600;
  static final int HEIGHT = 420;
  /** Percentiles labelled on the distribution plot's x axis. */
  private static final double[] LABELLED = {50, 90, 99, 99.9, 99.99, 99.999};
  private static final double LOG_2 = Math.log10(2);
  private static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
      new float[] {6f, 5f}, 0f);
  /** Half the width, in pixels, of the hatched band around a point without a verdict. */
  private static final int CAVEAT_PAD = 14;

  private Charts() {
  }

  /**
   * A named series with the palette index it is drawn in.
   *
   * @param values one per category or x value; NaN for unknown
   */
  record Series(String name, int index, List<Double> values) {
  }

  /**
   * Grouped bars: one group per category (e.g. dataset size), one bar per series (e.g. device); a
   * category without a verdict hatched, with a note in the chart ({@link Caveats}).
   *
   * @param caveats per category, why it has no verdict (short reasons); empty where it has one
   */
  static boolean bars(Path png, String title, String xTitle, String yTitle, List<String> categories,
      List<Series> series, List<Optional<String>> caveats) throws IOException {
    var chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
        .yAxisTitle(yTitle).build();
    style(chart);
    chart.getStyler().setAvailableSpaceFill(0.8).setOverlapped(false).setYAxisMin(0.0);
    for (var s : series) {
      // XChart leaves a null bar out; unknown is never drawn as 0.
      var values = s.values().stream().map(v -> Double.isFinite(v) ? v : null).toList();
      if (values.stream().anyMatch(v -> v != null)) {
        chart.addSeries(s.name(), categories, values).setFillColor(Palette.color(s.index()));
      }
    }
    var bands = new ArrayList<Caveats.Band>();
    for (int i = 0; i < caveats.size(); i++) {
      if (caveats.get(i).isPresent()) {
        bands.add(new Caveats.Band(i, i + 1, 0));
      }
    }
    caveat(chart, bands, caveats);
    return save(chart, png);
  }

  /**
   * Lines over x values (e.g. dataset size as a multiple of memory). Either axis turns logarithmic
   * where its values hold two powers of ten ({@link #twoPowersOfTen}), since XChart labels only powers
   * of ten there and a narrower range would show one label or none; a cell without a verdict is hatched.
   */
  static boolean lines(Path png, String title, String xTitle, String yTitle, List<Double> x, List<Series> series,
      List<Optional<String>> caveats) throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle)
        .build();
    style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line)
        .setXAxisLogarithmic(twoPowersOfTen(x));
    if (twoPowersOfTen(series.stream().flatMap(s -> s.values().stream()).toList())) {
      chart.getStyler().setYAxisLogarithmic(true);
    } else {
      chart.getStyler().setYAxisMin(0.0); // a linear axis from 0, so that heights compare as ratios
    }
    // No tick-label function here: XChart computes such ticks linearly, which never ends on a log axis.
    for (var s : series) {
      var known = new java.util.ArrayList<double[]>();
      for (int i = 0; i < x.size(); i++) {
        if (Double.isFinite(s.values().get(i)) && s.values().get(i) > 0) {
          known.add(new double[] {x.get(i), s.values().get(i)});
        }
      }
      if (!known.isEmpty()) {
        var line = chart.addSeries(s.name(), known.stream().mapToDouble(p -> p[0]).toArray(),
            known.stream().mapToDouble(p -> p[1]).toArray());
        paint(line, s.index(), s.index());
        line.setLineStyle(new BasicStroke(2f));
      }
    }
    var bands = new ArrayList<Caveats.Band>();
    for (int i = 0; i < caveats.size(); i++) {
      if (caveats.get(i).isPresent()) {
        bands.add(new Caveats.Band(x.get(i), x.get(i), CAVEAT_PAD));
      }
    }
    caveat(chart, bands, caveats);
    return save(chart, png);
  }

  /**
   * One line of the percentile plot: its device's colour, and a marker shape per dataset size and
   * operation, so that a device looks the same here as in the other charts.
   *
   * @param color      the device's palette index
   * @param marker     the line's shape index among the device's lines
   * @param operations the operations behind the distribution: the line ends at the highest percentile
   *                   they support ({@link SampleSize})
   * @param caveat     why its comparison has no verdict (short reasons): the line is then dashed
   */
  record PercentileSeries(String name, int color, int marker, List<PercentilePoint> points, long operations,
      Optional<String> caveat) {
  }

  /**
   * Latency against percentile. The x axis gives the tail room, as HdrHistogram's plots do: each
   * labelled percentile (50 %, 90 %, 99 %, 99.9 %, …) one step further ({@link #percentileX}), up to
   * a whole step so that every step is labelled. A line ends at the highest percentile its operation
   * count supports, and the chart says so. The latency axis is logarithmic where latencies hold two
   * powers of ten ({@link #twoPowersOfTen}), else linear from 0.
   */
  static boolean latencyPercentiles(Path png, String title, List<PercentileSeries> series) throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT + 80).title(title).xAxisTitle("percentile")
        .yAxisTitle("latency (ms)").build();
    style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line).setXAxisMin(0.0);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
    var shown = new ArrayList<List<PercentilePoint>>();
    var cut = false;
    for (var s : series) {
      var usable = s.points().stream().filter(p -> p.percentile() >= 50 && p.percentile() < 100).toList();
      var supported = usable.stream().filter(p -> SampleSize.supports(s.operations(), p.percentile())).toList();
      cut |= supported.size() < usable.size();
      shown.add(supported);
    }
    var logarithmic = twoPowersOfTen(shown.stream().flatMap(List::stream).map(p -> p.latencyUs() / 1000.0).toList());
    if (logarithmic) {
      chart.getStyler().setYAxisLogarithmic(true);
      // a log axis has no 0: sub-microsecond latencies (recorded as 0) are left out there
      shown.replaceAll(points -> points.stream().filter(p -> p.latencyUs() > 0).toList());
    } else {
      chart.getStyler().setYAxisMin(0.0);
    }
    shown.stream().flatMap(List::stream).mapToDouble(p -> percentileX(p.percentile())).max()
        .ifPresent(x -> chart.getStyler().setXAxisMax(Math.max(1, Math.ceil(x - 1e-9))));
    for (int i = 0; i < series.size(); i++) {
      var usable = shown.get(i);
      if (!usable.isEmpty()) {
        var s = series.get(i);
        var line = chart.addSeries(s.name() + s.caveat().map(c -> " — no verdict").orElse(""),
            usable.stream().mapToDouble(p -> percentileX(p.percentile())).toArray(),
            usable.stream().mapToDouble(p -> p.latencyUs() / 1000.0).toArray());
        paint(line, s.color(), s.marker());
        s.caveat().ifPresent(c -> line.setLineStyle(DASHED));
      }
    }
    var notes = new ArrayList<String>();
    var reasons = series.stream().map(PercentileSeries::caveat).flatMap(Optional::stream)
        .flatMap(c -> Arrays.stream(c.split(", "))).distinct().toList();
    if (!reasons.isEmpty()) {
      notes.add("dashed: no verdict (" + String.join(", ", reasons) + ")");
    }
    if (cut) {
      notes.add("lines end where fewer than 10 operations lie beyond a percentile");
    }
    if (!notes.isEmpty()) {
      chart.addAnnotation(new Caveats(List.of(), String.join("; ", notes)));
    }
    return save(chart, png);
  }

  /**
   * Where a percentile sits on the distribution plot's x axis: 50 % at 0, 90 % at 1, 99 % at 2,
   * 99.9 % at 3; log10 of 1/(1 − p) from 90 % on, and between 50 % and 90 % the same log scale
   * stretched to one step.
   */
  static double percentileX(double percentile) {
    var nines = Math.log10(100 / (100 - percentile));
    return percentile >= 90 ? nines : (nines - LOG_2) / (1 - LOG_2);
  }

  /** Several series over seconds; missing samples (NaN) leave gaps, all-missing series are left out. */
  static boolean timeSeries(Path png, String title, String yTitle, List<Double> seconds,
      Map<String, List<Double>> series) throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("seconds").yAxisTitle(yTitle)
        .build();
    style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    int index = 0;
    for (var entry : series.entrySet()) {
      if (entry.getValue().stream().anyMatch(v -> !v.isNaN())) {
        chart.addSeries(entry.getKey(), seconds, entry.getValue()).setMarker(SeriesMarkers.NONE)
            .setLineColor(Palette.color(index));
      }
      index++;
    }
    return save(chart, png);
  }

  /**
   * Rounds run until steady (a warm-up's, a preconditioning's) as SNIA plots them: each round's
   * figure, and over the judged window (the first steady one, else the last rounds) its mean, 90 % and
   * 110 % of that mean, and the least-squares line; with fewer rounds than the window, the rounds alone.
   *
   * @param measured what each round's figure counts, e.g. {@code throughput}
   * @param unit     its unit, the y axis's title, e.g. {@code operations per second}
   */
  static boolean steadyRounds(Path png, String title, String measured, String unit, SteadyState steady)
      throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("round")
        .yAxisTitle(unit).build();
    style(chart);
    var rounds = steady.rounds();
    if (rounds.isEmpty()) {
      return false;
    }
    var x = rounds.stream().map(r -> (double) r.number()).toList();
    if (rounds.stream().allMatch(r -> r.opsPerSec() >= 10)) {
      chart.getStyler().setYAxisDecimalPattern("#,##0"); // a narrow range of large rates: no false precision
    }
    if (rounds.size() < steady.window()) { // no window to draw: fewer rounds than SNIA judges
      paint(chart.addSeries(measured + " (" + rounds.size() + " of the window's " + steady.window()
          + " rounds: not judged)", x, rounds.stream().map(SteadyState.Round::opsPerSec).toList()), 0, 0);
      return save(chart, png);
    }
    paint(chart.addSeries(measured, x, rounds.stream().map(SteadyState.Round::opsPerSec).toList()), 0, 0);
    int size = steady.window();
    int start = steady.windowStart().orElse(rounds.size() - size + 1);
    var window = rounds.subList(start - 1, start - 1 + size);
    var wx = window.stream().map(r -> (double) r.number()).toList();
    double mean = window.stream().mapToDouble(SteadyState.Round::opsPerSec).average().orElseThrow();
    var name = (steady.steady() ? "steady window" : "not steady, last window") + " (rounds " + start + "–"
        + (start + size - 1) + ")";
    for (var band : new double[] {1.0, 0.9, 1.1}) {
      var line = chart.addSeries(band == 1.0 ? name + ": mean" : (int) Math.round(band * 100) + " % of the mean",
          wx, wx.stream().map(v -> mean * band).toList());
      line.setMarker(SeriesMarkers.NONE).setLineColor(java.awt.Color.GRAY);
      if (band != 1.0) {
        line.setLineStyle(SeriesLines.DASH_DASH);
      }
    }
    double meanX = wx.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double covariance = 0;
    double variance = 0;
    for (int i = 0; i < window.size(); i++) {
      covariance += (wx.get(i) - meanX) * (window.get(i).opsPerSec() - mean);
      variance += (wx.get(i) - meanX) * (wx.get(i) - meanX);
    }
    double slope = variance == 0 ? 0 : covariance / variance;
    chart.addSeries("fitted line", wx, wx.stream().map(v -> mean + slope * (v - meanX)).toList())
        .setMarker(SeriesMarkers.NONE).setLineColor(Palette.color(1));
    return save(chart, png);
  }

  /**
   * The YCSB paper's figure: per device and dataset size, p99 (and p50, dashed) latency against the
   * throughput achieved at each target rate; a rate that was not kept is drawn as a cross and named in
   * the legend, so that the curve's end is not read as a point the device sustained.
   */
  static boolean latencyThroughput(Path png, String title, Map<String, List<CapacityFigures.Point>> curves)
      throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("achieved operations per second")
        .yAxisTitle("latency (ms, intended time)").build();
    style(chart);
    // both lines decide the axis: p99s of hundreds of ms on a linear axis flatten sub-millisecond p50s to 0
    var all = curves.values().stream().flatMap(List::stream).flatMap(p -> java.util.stream.Stream.of(p.p50Us(), p.p99Us()))
        .map(us -> us / 1000).toList();
    boolean logarithmic = twoPowersOfTen(all);
    chart.getStyler().setYAxisLogarithmic(logarithmic);
    int color = 0;
    for (var curve : curves.entrySet()) {
      // a log axis has no 0: a point whose latency was recorded as 0 is left out there
      var points = curve.getValue().stream().filter(p -> !logarithmic || p.p50Us() > 0 && p.p99Us() > 0).toList();
      if (points.isEmpty()) {
        continue;
      }
      var x = points.stream().map(CapacityFigures.Point::achieved).toList();
      paint(chart.addSeries(curve.getKey() + " p99", x, points.stream().map(p -> p.p99Us() / 1000).toList()), color, 0);
      var median = chart.addSeries(curve.getKey() + " p50", x, points.stream().map(p -> p.p50Us() / 1000).toList());
      paint(median, color, 1);
      median.setLineStyle(SeriesLines.DASH_DASH);
      var missed = points.stream().filter(CapacityFigures.Point::missed).toList();
      if (!missed.isEmpty()) {
        var crosses = chart.addSeries(curve.getKey() + ": target rate not kept",
            missed.stream().map(CapacityFigures.Point::achieved).toList(),
            missed.stream().map(p -> p.p99Us() / 1000).toList());
        crosses.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        crosses.setMarker(SeriesMarkers.CROSS).setMarkerColor(java.awt.Color.RED);
      }
      color++;
    }
    return save(chart, png);
  }

  /**
   * A figure over studies ({@link LookBack}): one line per device in its colour, x the time each study
   * started, this study's point ringed as a series of its own ({@code <device>: this study}), so that it
   * is told from the earlier ones in print too. Unknown values are left out.
   */
  static boolean history(Path png, String title, String yTitle, List<LookBack.Line> lines,
      ToDoubleFunction<LookBack.Point> figure) throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("study started (UTC)")
        .yAxisTitle(yTitle).build();
    style(chart);
    chart.getStyler().setDatePattern("yyyy-MM-dd").setTimezone(TimeZone.getTimeZone("UTC")).setMarkerSize(9);
    // as lines(): a logarithmic axis where the values hold two powers of ten, else a linear one from 0
    var values = lines.stream().flatMap(l -> l.points().stream()).map(figure::applyAsDouble).toList();
    if (twoPowersOfTen(values)) {
      chart.getStyler().setYAxisLogarithmic(true);
    } else {
      chart.getStyler().setYAxisMin(0.0);
    }
    for (var line : lines) {
      // a log axis has no 0: such a point is left out there too
      var known = line.points().stream().filter(p -> Double.isFinite(figure.applyAsDouble(p))
          && (figure.applyAsDouble(p) > 0 || !chart.getStyler().isYAxisLogarithmic())).toList();
      if (known.isEmpty()) {
        continue;
      }
      var series = chart.addSeries(line.device(), known.stream().map(p -> Date.from(p.started())).toList(),
          known.stream().map(figure::applyAsDouble).toList());
      paint(series, line.color(), line.color());
      series.setLineStyle(new BasicStroke(2f));
      var current = known.stream().filter(LookBack.Point::current).toList();
      if (!current.isEmpty()) {
        var mark = chart.addSeries(line.device() + ": this study", current.stream().map(p -> Date.from(p.started())).toList(),
            current.stream().map(figure::applyAsDouble).toList());
        mark.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        mark.setMarker(SeriesMarkers.DIAMOND).setMarkerColor(java.awt.Color.BLACK);
      }
    }
    return save(chart, png);
  }

  /** Marks the bands without a verdict, with a note naming the distinct reasons. */
  private static void caveat(Chart<?, ?> chart, List<Caveats.Band> bands, List<Optional<String>> caveats) {
    if (!bands.isEmpty()) {
      var reasons = caveats.stream().flatMap(Optional::stream).flatMap(c -> Arrays.stream(c.split(", ")))
          .distinct().toList();
      chart.addAnnotation(new Caveats(bands, "hatched: no verdict (" + String.join(", ", reasons)
          + ") — see the report's headline"));
    }
  }

  /** The palette's colour {@code color} and shape {@code marker}. */
  private static void paint(XYSeries series, int color, int marker) {
    series.setMarker(Palette.marker(marker)).setMarkerColor(Palette.color(color));
    series.setLineColor(Palette.color(color));
  }

  /** The tick at {@link #percentileX} of a labelled percentile as e.g. {@code 99.9 %}, else no label. */
  static String percentileLabel(double x) {
    var step = Math.rint(x);
    if (Math.abs(x - step) > 1e-6 || step < 0 || step >= LABELLED.length) {
      return "";
    }
    return new java.math.BigDecimal(Double.toString(LABELLED[(int) step])).stripTrailingZeros().toPlainString() + " %";
  }

  /**
   * Whether the positive values' range holds two powers of ten: only then does a logarithmic axis,
   * which XChart labels at powers of ten, show two labelled ticks (0.5 to 8 would show "1" alone).
   */
  static boolean twoPowersOfTen(List<Double> values) {
    var stats = values.stream().filter(v -> Double.isFinite(v) && v > 0).mapToDouble(Double::doubleValue)
        .summaryStatistics();
    return stats.getCount() > 1
        && Math.floor(Math.log10(stats.getMax())) - Math.ceil(Math.log10(stats.getMin())) >= 1;
  }

  /**
   * Legend below the plot: device titles such as {@code ssd (ssd-sata, INTEL SSDSC2BB480G4)} would narrow it beside.
   * Value ticks in plain digits with thousands separators: XChart's default turns 160,000 into {@code 1.6E5}.
   */
  private static void style(Chart<?, ?> chart) {
    chart.getStyler().setChartTitleVisible(true).setLegendVisible(true).setChartBackgroundColor(java.awt.Color.WHITE)
        .setLegendBorderColor(java.awt.Color.LIGHT_GRAY).setLegendPosition(Styler.LegendPosition.OutsideS);
    if (chart.getStyler() instanceof org.knowm.xchart.style.AxesChartStyler axes) {
      axes.setYAxisDecimalPattern("#,##0.###");
    }
  }

  /** Writes the chart unless it has no series; returns whether it did. */
  private static boolean save(Chart<?, ?> chart, Path png) throws IOException {
    if (chart.getSeriesMap().isEmpty()) {
      return false;
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    return true;
  }
}
