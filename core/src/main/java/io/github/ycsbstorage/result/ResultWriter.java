package io.github.ycsbstorage.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes {@link Result}s as the result file format ({@code docs/RESULTS.md}): indented JSON,
 * empty figures as {@code null}, times as ISO-8601 instants, written {@linkplain AtomicFile
 * atomically}. {@link ResultReader} reads what this writes. Stateless and thread-safe.
 */
public final class ResultWriter {
  /** The format's one JSON mapping, shared with the reader. */
  static final ObjectMapper JSON = new ObjectMapper()
      .registerModule(new Jdk8Module())
      .registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .enable(SerializationFeature.INDENT_OUTPUT)
      // later additions to the schema are ignored by a reader that does not know them
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ResultWriter() {
  }

  /** Writes the result to {@code target} so that the file, once it exists, is complete. */
  public static void write(Path target, Result result) throws IOException {
    var bytes = toBytes(result);
    AtomicFile.write(target, bytes);
  }

  /** The file's content. */
  public static byte[] toBytes(Result result) throws IOException {
    return JSON.writeValueAsBytes(result);
  }
}
