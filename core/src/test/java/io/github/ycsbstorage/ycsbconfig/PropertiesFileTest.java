package io.github.ycsbstorage.ycsbconfig;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PropertiesFileTest {
  @TempDir
  Path dir;

  private String refusal(byte[] content, java.nio.charset.Charset charset) throws Exception {
    var file = Files.write(dir.resolve("f.properties"), content);
    var error = assertThrows(InvalidPropertyException.class,
        () -> PropertiesFile.read("-P", file, charset, "a properties file"));
    assertEquals("-P", error.property());
    assertEquals(file.toString(), error.value());
    return error.getMessage();
  }

  @Test
  void readsPropertiesTextAsPropertiesDoes() throws Exception {
    var file = Files.write(dir.resolve("ok.properties"),
        "# comment\r\na = 1 \nb=caf\u00e9\\u0021\nlong=x\\\n  y\nescaped=\\\\u12\n".getBytes(ISO_8859_1));
    var properties = PropertiesFile.read("-P", file, ISO_8859_1, "a properties file");
    assertEquals("1 ", properties.getProperty("a"), "values are not trimmed here: YCSB reads them so");
    assertEquals("caf\u00e9!", properties.getProperty("b"));
    assertEquals("xy", properties.getProperty("long"));
    assertEquals("\\u12", properties.getProperty("escaped"), "an escaped backslash before u is no escape");
  }

  /** YCSB reads a -P file as ISO-8859-1: a UTF-8 byte-order mark would become part of the first key. */
  @Test
  void namesAByteOrderMarkInAYcsbFileAndSkipsItInAStudyFile() throws Exception {
    var content = "\u00ef\u00bb\u00bfworkload=w\n".getBytes(ISO_8859_1);
    var message = refusal(content, ISO_8859_1);
    assertTrue(message.contains("it starts with a UTF-8 byte-order mark (EF BB BF)"), message);
    var file = Files.write(dir.resolve("study.properties"), content);
    assertEquals("w", PropertiesFile.read("FILE", file, UTF_8, "a study file").getProperty("workload"));
  }

  @Test
  void refusesAMalformedEscapeNamingItsLine() throws Exception {
    assertEquals("-P='" + dir.resolve("f.properties") + "' is invalid: malformed \\u escape '\\u12zz' (\\u needs 4 hex "
        + "digits) at line 2; accepted: a properties file", refusal("a=1\nb=\\u12zz\n".getBytes(ISO_8859_1), ISO_8859_1));
    assertEquals(true, refusal("b=\\u\n".getBytes(ISO_8859_1), ISO_8859_1).contains("at line 1"));
  }

  @Test
  void refusesBinaryContent() throws Exception {
    var junk = new byte[4096];
    new Random(15).nextBytes(junk);
    assertEquals(true, refusal(junk, ISO_8859_1).contains("binary content"));
    assertEquals(true, refusal("a=1\nb\0=2\n".getBytes(ISO_8859_1), ISO_8859_1)
        .contains("binary content (byte 0x00) at line 2"));
  }

  @Test
  void refusesTextOfAnotherCharset() throws Exception {
    assertEquals(true, refusal("a=1\nb=caf\u00e9\n".getBytes(ISO_8859_1), UTF_8).contains("not UTF-8 text at line 2"));
  }
}
