package io.github.ycsbstorage.report;

import java.awt.Color;
import java.util.List;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Series colours and marker shapes that stay apart for colour-blind readers and beyond eight series:
 * the Okabe–Ito qualitative palette (eight colours) crossed with seven marker shapes, so that series
 * {@code i} and {@code j < 56} differ in colour, shape or both. A device keeps its index, hence its
 * colour, in every chart. Stateless.
 */
final class Palette {
  /** Okabe &amp; Ito, "Color Universal Design" (2008), darkest first; yellow last (weak on white). */
  private static final List<Color> COLORS = List.of(new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
      new Color(0xCC79A7), new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0xF0E442));
  private static final List<Marker> MARKERS = List.of(SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
      SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS,
      SeriesMarkers.PLUS);

  private Palette() {
  }

  static Color color(int series) {
    return COLORS.get(series % COLORS.size());
  }

  /** The shape of a series: changes with every series, and again after each round of colours. */
  static Marker marker(int series) {
    return MARKERS.get((series + series / COLORS.size()) % MARKERS.size());
  }
}
