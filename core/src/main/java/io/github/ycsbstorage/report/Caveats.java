package io.github.ycsbstorage.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.font.FontRenderContext;
import java.awt.font.LineBreakMeasurer;
import java.awt.font.TextAttribute;
import java.text.AttributedString;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.internal.chartpart.Annotation;

/**
 * Marks the parts of a chart that carry no verdict inside the chart image itself, so that a chart
 * pasted elsewhere keeps its caveat: each such band washed out and hatched, labelled {@code no verdict},
 * and a note along the plot's top edge, broken to its width, saying what the hatching means and why
 * (or, without bands, any other caveat of the chart). Painted by XChart after the plot. Immutable.
 */
final class Caveats extends Annotation {
  private static final Color WASH = new Color(255, 255, 255, 140);
  private static final Color HATCH = new Color(110, 110, 110);
  private static final int HATCH_STEP = 9;

  /**
   * One marked band: its left and right edges in the chart's x values, widened by {@code pad} pixels
   * each side (a point on a line chart is a band of no width).
   */
  record Band(double left, double right, int pad) {
  }

  private final List<Band> bands;
  private final String note;

  /**
   * @param bands the bands to mark, in x values (a category chart's category {@code i} spans
   *              {@code i} to {@code i + 1})
   * @param note  e.g. {@code hatched: no verdict (CPU-saturated) — see the report}; parts separated by
   *              {@code "; "} go on lines of their own
   */
  Caveats(List<Band> bands, String note) {
    super(false);
    this.bands = List.copyOf(bands);
    this.note = note;
  }

  @Override
  public void paint(Graphics2D g) {
    int top = Math.min(getYAxisScreenValueForMin(), getYAxisScreenValueForMax());
    int bottom = Math.max(getYAxisScreenValueForMin(), getYAxisScreenValueForMax());
    var clip = g.getClip();
    var stroke = g.getStroke();
    var font = g.getFont();
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
    for (var band : bands) {
      int left = getXAxisScreenValue(band.left()) - band.pad();
      int right = getXAxisScreenValue(band.right()) + band.pad();
      g.setClip(new Rectangle(left, top, right - left, bottom - top));
      g.setColor(WASH);
      g.fillRect(left, top, right - left, bottom - top);
      g.setColor(HATCH);
      g.setStroke(new BasicStroke(1f));
      hatch(g, left, right, top, bottom);
      g.setClip(clip);
      var label = "no verdict";
      int width = g.getFontMetrics().stringWidth(label);
      int x = (left + right - width) / 2;
      g.setColor(Color.WHITE);
      g.fillRect(x - 3, top + 4, width + 6, g.getFontMetrics().getHeight());
      g.setColor(Color.DARK_GRAY);
      g.drawString(label, x, top + 4 + g.getFontMetrics().getAscent());
    }
    var noteFont = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
    g.setFont(noteFont);
    int left = Math.min(getXAxisScreenValueForMin(), getXAxisScreenValueForMax());
    int width = Math.max(getXAxisScreenValueForMin(), getXAxisScreenValueForMax()) - left - 16;
    var metrics = g.getFontMetrics();
    int y = top + 22 + metrics.getAscent();
    // each part of the note on lines of its own, broken at words to the plot's width so that it stays inside
    for (var line : lines(note, noteFont, g.getFontRenderContext(), width)) {
      g.setColor(new Color(255, 255, 255, 220));
      g.fillRect(left + 4, y - metrics.getAscent() - 2, metrics.stringWidth(line) + 8, metrics.getHeight() + 2);
      g.setColor(Color.BLACK);
      g.drawString(line, left + 8, y);
      y += metrics.getHeight() + 2;
    }
    g.setStroke(stroke);
    g.setFont(font);
  }

  /** The note's parts (separated by {@code "; "}), each broken at words into lines at most {@code width} wide. */
  static List<String> lines(String note, Font font, FontRenderContext context, int width) {
    var lines = new ArrayList<String>();
    for (var part : note.split("; ")) {
      var text = new AttributedString(part);
      text.addAttribute(TextAttribute.FONT, font);
      var measurer = new LineBreakMeasurer(text.getIterator(), context);
      while (measurer.getPosition() < part.length()) {
        int start = measurer.getPosition();
        measurer.nextLayout(Math.max(1, width));
        lines.add(part.substring(start, measurer.getPosition()).strip());
      }
    }
    return lines;
  }

  /** Diagonal lines across a rectangle (clipped to it by the caller). */
  private static void hatch(Graphics2D g, int left, int right, int top, int bottom) {
    int height = bottom - top;
    for (int k = -height; k < right - left; k += HATCH_STEP) {
      g.drawLine(left + k, bottom, left + k + height, top);
    }
  }
}
