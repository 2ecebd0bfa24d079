package io.github.ycsbstorage.report;

import io.github.ycsbstorage.result.PercentilePoint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Draws the report's charts with XChart as PNG files. Stateless. */
final class Charts {
  private static final int WIDTH = 760;
  private static final int HEIGHT = 380;

  private Charts() {
  }

  /**
   * Latency against percentile, the x axis spread as 1/(1 − p) so that the tail (99 %, 99.9 %, …)
   * gets room, as HdrHistogram's own plots do.
   *
   * @param series name → points
   */
  static boolean latencyPercentiles(Path png, String title, Map<String, List<PercentilePoint>> series)
      throws IOException {
    var chart = chart(title, "percentile (log scale of 1/(1-p); 90 % = 10, 99 % = 100)", "latency (µs)");
    chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
    series.forEach((name, points) -> {
      var usable = points.stream().filter(p -> p.percentile() < 100 && p.latencyUs() > 0).toList();
      if (!usable.isEmpty()) {
        var x = usable.stream().mapToDouble(p -> 1 / (1 - p.percentile() / 100)).toArray();
        var y = usable.stream().mapToDouble(PercentilePoint::latencyUs).toArray();
        chart.addSeries(name, x, y).setMarker(SeriesMarkers.CIRCLE);
      }
    });
    return save(chart, png);
  }

  /** Several series over seconds; missing samples (NaN) leave gaps, all-missing series are left out. */
  static boolean timeSeries(Path png, String title, String yTitle, List<Double> seconds,
      Map<String, List<Double>> series) throws IOException {
    var chart = chart(title, "seconds", yTitle);
    series.forEach((name, values) -> {
      if (values.stream().anyMatch(v -> !v.isNaN())) {
        chart.addSeries(name, seconds, values).setMarker(SeriesMarkers.NONE);
      }
    });
    return save(chart, png);
  }

  private static XYChart chart(String title, String xTitle, String yTitle) {
    var chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
        .yAxisTitle(yTitle).build();
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line).setChartTitleVisible(true)
        .setLegendVisible(true);
    return chart;
  }

  /** Writes the chart unless it has no series; returns whether it did. */
  private static boolean save(XYChart chart, Path png) throws IOException {
    if (chart.getSeriesMap().isEmpty()) {
      return false;
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    return true;
  }
}
