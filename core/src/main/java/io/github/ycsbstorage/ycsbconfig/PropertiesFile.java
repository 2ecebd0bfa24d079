package io.github.ycsbstorage.ycsbconfig;

import io.github.ycsbstorage.config.InvalidPropertyException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * Reads a properties file strictly, so that a file that is not text is refused with its name and line
 * instead of loading silently as junk keys ({@code Properties.load} accepts any bytes) or failing with
 * a bare {@code MalformedInputException} or "Malformed \\uxxxx encoding". Stateless.
 */
public final class PropertiesFile {
  private PropertiesFile() {
  }

  /**
   * The file's properties.
   *
   * @param argument what names the file in an error, e.g. {@code -P} or {@code FILE}
   * @param charset  how the file is decoded: ISO-8859-1 for YCSB's {@code -P} files (as YCSB reads
   *                 them), UTF-8 for study files
   * @param accepted what the argument accepts, for the error message
   * @throws InvalidPropertyException when the file cannot be read, is not text in that charset,
   *                                  holds a malformed {@code \\u} escape, or starts with a UTF-8
   *                                  byte-order mark that YCSB would read as part of a key (ISO-8859-1)
   */
  public static Properties read(String argument, Path file, Charset charset, String accepted) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new InvalidPropertyException(argument, file.toString(), accepted, "cannot be read: " + e);
    }
    var text = new StringBuilder();
    int line = 1;
    int start = 0;
    if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
      if (!charset.equals(StandardCharsets.UTF_8)) {
        // YCSB reads a -P file as ISO-8859-1 itself: the mark would become part of the first key
        throw new InvalidPropertyException(argument, file.toString(), accepted + ", saved without a byte-order mark",
            "it starts with a UTF-8 byte-order mark (EF BB BF), which YCSB would read as part of the first key");
      }
      start = 3; // a study file is ours to read: the mark is skipped
    }
    for (int i = 0; i <= bytes.length; i++) {
      if (i == bytes.length || bytes[i] == '\n') {
        var decoded = decode(bytes, start, i, charset).map(PropertiesFile::checkLine)
            .orElse(Optional.of("not " + charset.name() + " text"));
        if (decoded.isPresent()) {
          throw new InvalidPropertyException(argument, file.toString(), accepted, decoded.get() + " at line " + line);
        }
        text.append(new String(bytes, start, i - start, charset)).append('\n');
        line++;
        start = i + 1;
      }
    }
    var properties = new Properties();
    try {
      properties.load(new StringReader(text.toString()));
    } catch (IOException | IllegalArgumentException e) {
      throw new InvalidPropertyException(argument, file.toString(), accepted, e.getMessage());
    }
    return properties;
  }

  private static Optional<String> decode(byte[] bytes, int from, int to, Charset charset) {
    try {
      return Optional.of(charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, from, to - from)).toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  /** Why a line is not properties text: a control character, or a {@code \\u} escape without 4 hex digits. */
  private static Optional<String> checkLine(String line) {
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if ((c < 0x20 && c != '\t' && c != '\r' && c != '\f') || c == 0x7f) {
        return Optional.of(String.format("binary content (byte 0x%02x)", (int) c));
      }
    }
    for (int i = 0; i < line.length() - 1; i++) {
      if (line.charAt(i) == '\\') {
        if (line.charAt(i + 1) == 'u' && !line.substring(i + 2, Math.min(line.length(), i + 6)).matches("[0-9a-fA-F]{4}")) {
          return Optional.of("malformed \\u escape '" + line.substring(i, Math.min(line.length(), i + 6))
              + "' (\\u needs 4 hex digits)");
        }
        i++; // the escaped character
      }
    }
    return Optional.empty();
  }
}
