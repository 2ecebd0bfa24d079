package io.github.ycsbstorage.report;

import java.util.List;

/**
 * Writes well-formed, escaped HTML elements in order; every text goes through {@link #escape}. The
 * look lives in the report's style sheet, not here. Not thread-safe.
 */
final class HtmlWriter {
  /** A cell that starts with a figure, e.g. {@code 1,537 ops/s}, {@code 0.5× memory}, {@code -3}. */
  private static final java.util.regex.Pattern FIGURE = java.util.regex.Pattern.compile("[-+]?\\.?\\d");
  private final StringBuilder page = new StringBuilder();

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  HtmlWriter open(String tag, String cssClass) {
    page.append('<').append(tag);
    if (cssClass != null) {
      page.append(" class=\"").append(cssClass).append('"');
    }
    page.append('>');
    return this;
  }

  HtmlWriter close(String tag) {
    page.append("</").append(tag).append(">\n");
    return this;
  }

  /** An element holding text (no line break after it: table cells stay on their row's line). */
  HtmlWriter text(String tag, String text) {
    page.append('<').append(tag).append('>').append(escape(text)).append("</").append(tag).append('>');
    return this;
  }

  /** A heading with an anchor, e.g. {@code <h2 id="throughput">}. */
  HtmlWriter heading(int level, String id, String text) {
    page.append("<h").append(level).append(" id=\"").append(escape(id)).append("\">").append(escape(text))
        .append("</h").append(level).append(">\n");
    return this;
  }

  HtmlWriter link(String href, String text) {
    page.append("<a href=\"").append(escape(href)).append("\">").append(escape(text)).append("</a>");
    return this;
  }

  HtmlWriter image(ReportCharts.Image image) {
    page.append("<img src=\"").append(escape(image.file())).append("\" alt=\"").append(escape(image.alt()))
        .append("\" width=\"").append(Charts.WIDTH).append("\">\n");
    return this;
  }

  /** A bulleted list; {@code cssClass} may be null. */
  HtmlWriter list(List<String> items, String cssClass) {
    open("ul", cssClass);
    items.forEach(item -> text("li", item));
    return close("ul");
  }

  /**
   * A table under a heading; rows with a link have their first cell linked. Columns of figures are
   * right-aligned by the style sheet, columns of words (no cell starts with a digit) marked {@code text}.
   */
  HtmlWriter table(Table table, int headingLevel) {
    text("h" + headingLevel, table.title());
    if (table.rows().isEmpty()) {
      return text("p", "Unknown: not in the results.");
    }
    var words = new boolean[table.header().size()];
    // The first column, the row's name, is left-aligned by the style sheet anyway.
    for (int c = 1; c < words.length; c++) {
      int column = c;
      words[c] = table.rows().stream().noneMatch(row -> column < row.size() && FIGURE.matcher(row.get(column)).lookingAt());
    }
    open("table", null).open("thead", null).open("tr", null);
    for (int c = 0; c < words.length; c++) {
      cell("th", words[c], table.header().get(c));
    }
    close("tr").close("thead").open("tbody", null);
    for (int i = 0; i < table.rows().size(); i++) {
      var row = table.rows().get(i);
      open("tr", null);
      var link = table.link(i);
      for (int c = 0; c < row.size(); c++) {
        if (c == 0 && link.isPresent()) {
          open("td", null).link(link.get(), row.get(c)).close("td");
        } else {
          cell("td", c < words.length && words[c], row.get(c));
        }
      }
      close("tr");
    }
    return close("tbody").close("table");
  }

  private void cell(String tag, boolean words, String text) {
    page.append('<').append(tag).append(words ? " class=\"text\">" : ">").append(escape(text)).append("</")
        .append(tag).append('>');
  }

  /** Markup this writer produced elsewhere, e.g. the document's head. */
  HtmlWriter raw(String markup) {
    page.append(markup);
    return this;
  }

  @Override
  public String toString() {
    return page.toString();
  }
}
