package io.github.ycsbstorage.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.testkit.FuzzInputs;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Random strings (fixed seeds, {@link FuzzInputs#COUNT} per seed) at the value parsers that
 * {@link PropertyReader} wraps: sizes and durations. A parser may accept or refuse, and refuses only
 * with a plain {@link IllegalArgumentException} carrying a message (PropertyReader turns it into an
 * {@link InvalidPropertyException} naming the property). Core's settings: cli's ParserFuzzTest.
 */
class ValueParserFuzzTest {
  private static int check(String name, List<String> examples, Consumer<String> parser) {
    return FuzzInputs.check(name, examples, parser, IllegalArgumentException.class);
  }

  @Test
  void sizes() {
    int accepted = check("ByteSize", List.of("128GB", "1.5TiB", "0B", "512 MiB", "1KB"), ByteSize::parse);
    assertTrue(accepted > 0, "some neighbours of valid sizes parse");
  }

  @Test
  void durations() {
    int accepted = check("DurationFormat", List.of("500ms", "10s", "5m", "1h", "0"), DurationFormat::parse);
    assertTrue(accepted > 0, "some neighbours of valid durations parse");
  }
}
