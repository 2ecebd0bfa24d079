package io.github.ycsbstorage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A chart's caveat note stays inside its plot: its parts on lines of their own, each broken at words to the width. */
class CaveatsTest {
  private static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 10);

  @Test
  void aLongNoteIsBrokenAtWordsIntoLinesThatFitThePlot() {
    var graphics = new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB).createGraphics();
    try {
      var context = graphics.getFontRenderContext();
      var metrics = graphics.getFontMetrics(FONT);
      var note = "hatched: no verdict (runs too short, engine cache served the reads, CPU-saturated) — see the report's"
          + " headline; second part";
      int width = 200;

      var lines = Caveats.lines(note, FONT, context, width);

      assertTrue(lines.size() >= 3, lines.toString());
      assertTrue(lines.stream().allMatch(line -> metrics.stringWidth(line) <= width), lines.toString());
      assertEquals("second part", lines.get(lines.size() - 1), "a part starts a line of its own: " + lines);
      // broken at spaces or after a hyphen, never inside a word
      assertEquals(note.replace("; ", " "), String.join(" ", lines).replace("- ", "-"), "every word kept, in order");
      assertEquals(List.of("short", "note"), Caveats.lines("short; note", FONT, context, width));
    } finally {
      graphics.dispose();
    }
  }
}
