package io.github.ycsbstorage.report;

import java.util.List;

/** A titled table of text cells, rendered both to HTML and to Markdown. Immutable. */
record Table(String title, List<String> header, List<List<String>> rows) {
  Table {
    header = List.copyOf(header);
    rows = rows.stream().map(List::copyOf).toList();
  }
}
