package io.github.ycsbstorage.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SecretMaskerTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "mongodb://alice:s3cret@db1:27017/ycsb?w=1 | mongodb://alice:*****@db1:27017/ycsb?w=1",
      "mongodb+srv://bob:p%40ss@cluster0.example.net/ | mongodb+srv://bob:*****@cluster0.example.net/",
      "connect to mongodb://carol:x@h1,h2/db failed | connect to mongodb://carol:*****@h1,h2/db failed",
      "mongodb://nopassword@db1/ycsb | mongodb://nopassword@db1/ycsb",
      "mongodb://db1:27017/ycsb | mongodb://db1:27017/ycsb",
      "login failed: password=hunter2 for user x | login failed: password=***** for user x",
      "oraclenosql.password: hunter2 | oraclenosql.password: *****",
      "\"oraclenosql.password\"=\"hunter2\" | \"oraclenosql.password\"=\"*****\"",
  })
  void hidesPasswordsInText(String text, String expected) {
    assertEquals(expected, SecretMasker.maskText(text));
  }

  @Test
  void hidesWholeValuesOfSecretKeys() {
    var properties = new Properties();
    properties.setProperty("oraclenosql.password", "hunter2");
    properties.setProperty("mongodb.url", "mongodb://u:pw@h/db");
    properties.setProperty("recordcount", "1000");
    var masked = SecretMasker.maskedCopy(properties);
    assertEquals("*****", masked.get("oraclenosql.password"));
    assertEquals("mongodb://u:*****@h/db", masked.get("mongodb.url"));
    assertEquals("1000", masked.get("recordcount"));
  }
}
