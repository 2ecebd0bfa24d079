package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The output samples of README.md and the user guides, checked against real output so that a changed
 * line fails the build instead of misleading a reader. A sample is the fenced block right after a line
 * {@code <!-- sample: NAME -->}; each of its lines must match a line of the real output, in order (other
 * output lines may come between). Numbers are masked (a figure of this run is not the sample's), and
 * {@code …} in a sample stands for any text, as in the guides' prose.
 */
final class DocSamples {
  /** The guides that hold samples: README.md and docs/*.md; docs/lab/ and docs/PERFORMANCE.md are measurement records. */
  private static final Path DOCS = Launcher.REPOSITORY.resolve("docs");
  private static final Pattern MARKER = Pattern.compile("<!-- sample: ([a-z0-9-]+) -->");
  private static final Pattern NUMBER = Pattern.compile("\\d[\\d,.]*");
  private static final String ELLIPSIS = "…";

  private DocSamples() {
  }

  /** Every sample by name, with the file it came from, in document order; a name given twice fails. */
  static Map<String, Sample> all() {
    var samples = new LinkedHashMap<String, Sample>();
    for (var file : guides()) {
      for (var sample : read(file)) {
        var earlier = samples.put(sample.name(), sample);
        if (earlier != null) {
          fail("sample '" + sample.name() + "' is marked twice: " + earlier.file() + " and " + sample.file());
        }
      }
    }
    return samples;
  }

  /** Fails, naming the sample's first line that no line of {@code output} matches, when the sample drifted. */
  static void assertMatches(String name, String output) {
    var sample = all().get(name);
    if (sample == null) {
      fail("no sample '" + name + "' in README.md or docs/*.md");
    }
    assertFalse(sample.lines().isEmpty(), "sample '" + name + "' in " + sample.file() + " is empty");
    var actual = output.lines().map(DocSamples::normalise).toList();
    int from = 0;
    for (var line : sample.lines()) {
      var pattern = pattern(line);
      int found = -1;
      for (int i = from; i < actual.size() && found < 0; i++) {
        if (pattern.matcher(actual.get(i)).matches()) {
          found = i;
        }
      }
      if (found < 0) {
        fail("sample '" + name + "' in " + sample.file() + " has a line that the real output no longer prints"
            + " (after line " + from + "):\n  " + line + "\nreal output:\n" + output);
      }
      from = found + 1;
    }
  }

  /** One marked block: its name, file and lines. */
  record Sample(String name, Path file, List<String> lines) {
  }

  private static List<Path> guides() {
    try (Stream<Path> docs = Files.list(DOCS)) {
      var files = new ArrayList<Path>();
      files.add(Launcher.REPOSITORY.resolve("README.md"));
      docs.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().equals("PERFORMANCE.md"))
          .sorted().forEach(files::add);
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Sample> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var samples = new ArrayList<Sample>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher marker = MARKER.matcher(lines.get(i).trim());
      if (!marker.matches()) {
        continue;
      }
      if (i + 1 >= lines.size() || !lines.get(i + 1).startsWith("```")) {
        fail(file + ":" + (i + 1) + ": sample marker not followed by a fenced block");
      }
      var body = new ArrayList<String>();
      int j = i + 2;
      for (; j < lines.size() && !lines.get(j).startsWith("```"); j++) {
        body.add(lines.get(j));
      }
      samples.add(new Sample(marker.group(1), file, body));
      i = j;
    }
    return samples;
  }

  /** A sample line as a pattern: numbers match any number, {@code …} any text, the rest literally. */
  private static Pattern pattern(String sampleLine) {
    var regex = new StringBuilder();
    var masked = NUMBER.matcher(normalise(sampleLine)).replaceAll("\u0000");
    for (var part : masked.split("((?<=[\u0000…])|(?=[\u0000…]))")) {
      switch (part) {
        case "\u0000" -> regex.append("\\d[\\d,.]*");
        case ELLIPSIS -> regex.append(".*");
        default -> regex.append(Pattern.quote(part));
      }
    }
    return Pattern.compile(regex.toString());
  }

  /** Runs of spaces count as one: columns widen with their figures. */
  private static String normalise(String line) {
    return line.strip().replaceAll("\\s+", " ");
  }
}
