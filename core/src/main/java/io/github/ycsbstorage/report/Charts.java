package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.PercentilePoint;
import java.awt.BasicStroke;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the report's charts with XChart as PNG files, in {@link Palette}'s colours and shapes.
 * Unknown values (NaN) are left out, never drawn as zero. Stateless.
 */
final class Charts {
  static final int WIDTH = 760;
  static final int HEIGHT = 380;
  /** Percentiles labelled on the distribution plot's x axis. */
  private static final double[] LABELLED = {50, 90, 99, 99.9, 99.99, 99.999};
  private static final double LOG_2 = Math.log10(2);

  private Charts() {
  }

  /**
   * A named series with the palette index it is drawn in.
   *
   * @param values one per category or x value; NaN for unknown
   */
  record Series(String name, int index, List<Double> values) {
  }

  /** Grouped bars: one group per category (e.g. dataset size), one bar per series (e.g. device). */
  static boolean bars(Path png, String title, String yTitle, List<String> categories, List<Series> series)
      throws IOException {
    var chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("dataset size")
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
    return save(chart, png);
  }

  /**
   * Lines over x values (e.g. dataset size as a multiple of memory); an axis turns logarithmic where
   * its values span a factor of 10 or more.
   */
  static boolean lines(Path png, String title, String xTitle, String yTitle, List<Double> x, List<Series> series)
      throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle)
        .build();
    style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line)
        .setXAxisLogarithmic(spansDecade(x))
        .setYAxisLogarithmic(spansDecade(series.stream().flatMap(s -> s.values().stream()).toList()));
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
        paint(line, s.index());
        line.setLineStyle(new BasicStroke(2f));
      }
    }
    return save(chart, png);
  }

  /**
   * Latency against percentile. The x axis gives the tail room, as HdrHistogram's plots do: each
   * labelled percentile (50 %, 90 %, 99 %, 99.9 %, …) one step further ({@link #percentileX}).
   */
  static boolean latencyPercentiles(Path png, String title, List<Map.Entry<String, List<PercentilePoint>>> series)
      throws IOException {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT + 80).title(title).xAxisTitle("percentile")
        .yAxisTitle("latency (ms)").build();
    style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line).setYAxisLogarithmic(true)
        .setXAxisMin(0.0).setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
    int index = 0;
    for (var entry : series) {
      var usable = entry.getValue().stream().filter(p -> p.percentile() >= 50 && p.percentile() < 100
          && p.latencyUs() > 0).toList();
      if (!usable.isEmpty()) {
        var line = chart.addSeries(entry.getKey(), usable.stream().mapToDouble(p -> percentileX(p.percentile()))
            .toArray(), usable.stream().mapToDouble(p -> p.latencyUs() / 1000.0).toArray());
        paint(line, index);
      }
      index++;
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

  /** The palette's colour and shape of series {@code index}. */
  private static void paint(XYSeries series, int index) {
    series.setMarker(Palette.marker(index)).setMarkerColor(Palette.color(index));
    series.setLineColor(Palette.color(index));
  }

  /** The tick at {@link #percentileX} of a labelled percentile as e.g. {@code 99.9 %}, else no label. */
  static String percentileLabel(double x) {
    var step = Math.rint(x);
    if (Math.abs(x - step) > 1e-6 || step < 0 || step >= LABELLED.length) {
      return "";
    }
    return new java.math.BigDecimal(Double.toString(LABELLED[(int) step])).stripTrailingZeros().toPlainString() + " %";
  }

  private static boolean spansDecade(List<Double> values) {
    var positive = values.stream().filter(v -> Double.isFinite(v) && v > 0).mapToDouble(Double::doubleValue);
    var stats = positive.summaryStatistics();
    return stats.getCount() > 1 && stats.getMax() / stats.getMin() >= 10;
  }

  private static void style(Chart<?, ?> chart) {
    chart.getStyler().setChartTitleVisible(true).setLegendVisible(true).setChartBackgroundColor(java.awt.Color.WHITE)
        .setLegendBorderColor(java.awt.Color.LIGHT_GRAY);
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
