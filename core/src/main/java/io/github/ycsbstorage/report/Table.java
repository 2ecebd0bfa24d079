package io.github.ycsbstorage.report;

import io.github.ycsbstorage.config.Check;
import java.util.List;
import java.util.Optional;

/**
 * A titled table of text cells, rendered both to HTML and to Markdown. Immutable.
 *
 * @param links per row, a relative path that the row's first cell links to (e.g. the raw result
 *              file), or empty; no links when empty
 */
record Table(String title, List<String> header, List<List<String>> rows, List<Optional<String>> links) {
  Table {
    header = List.copyOf(header);
    rows = rows.stream().map(List::copyOf).toList();
    links = List.copyOf(links);
    Check.argument(links.isEmpty() || links.size() == rows.size(), "one link (or none) per row");
  }

  Table(String title, List<String> header, List<List<String>> rows) {
    this(title, header, rows, List.of());
  }

  Optional<String> link(int row) {
    return links.isEmpty() ? Optional.empty() : links.get(row);
  }
}
