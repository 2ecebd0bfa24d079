package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.testkit.FuzzInputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random strings (fixed seeds, bounded count) at the consistency and durability specs and as the value
 * of every {@code oraclenosql.*} key: they parse or are refused with {@link InvalidPropertyException},
 * never with kvclient's own exceptions or a {@code NumberFormatException}. Needs no store.
 */
class OracleNoSqlSettingsFuzzTest {
  @Test
  void consistencySpecs() {
    FuzzInputs.check("consistency", List.of("absolute", "none_required", "time:500ms:2s", "version:2s"),
        text -> ReadConsistency.parse(OracleNoSqlSettings.CONSISTENCY, text), InvalidPropertyException.class);
  }

  @Test
  void durabilitySpecs() {
    FuzzInputs.check("durability", List.of("commit_sync", "commit_no_sync", "sync,no_sync,simple_majority"),
        text -> WriteDurability.parse(OracleNoSqlSettings.DURABILITY, text), InvalidPropertyException.class);
  }

  @Test
  void everySettingParsesOrIsRefusedNamingIt(@TempDir Path dir) throws IOException {
    var examples = new TreeMap<String, List<String>>(Map.of(
        OracleNoSqlSettings.STORE_NAME, List.of("kvstore"),
        OracleNoSqlSettings.HELPER_HOSTS, List.of("localhost:5000", "h1:5000,h2:5000", "[::1]:5000"),
        OracleNoSqlSettings.TABLE, List.of("usertable", "ns.usertable"),
        OracleNoSqlSettings.REQUEST_TIMEOUT, List.of("5s"), OracleNoSqlSettings.USERNAME, List.of("admin"),
        OracleNoSqlSettings.PASSWORD, List.of("secret"), OracleNoSqlSettings.LAYOUT, List.of("columns", "json"),
        OracleNoSqlSettings.FIELD_TYPE, List.of("string"), OracleNoSqlSettings.BULK_PUT, List.of("true"),
        OracleNoSqlSettings.BULK_PUT_PARALLELISM, List.of("4")));
    examples.put(OracleNoSqlSettings.BULK_PUT_BATCH_SIZE, List.of("1000"));
    examples.put(OracleNoSqlSettings.SECURITY, List.of(Files.writeString(dir.resolve("client.security"), "").toString()));
    examples.put("threadcount", List.of("256"));
    for (var entry : examples.entrySet()) {
      FuzzInputs.check(entry.getKey(), entry.getValue(), value -> {
        var properties = new Properties();
        properties.setProperty(entry.getKey(), value);
        if (entry.getKey().startsWith(OracleNoSqlSettings.BULK_PUT + ".")) {
          properties.setProperty(OracleNoSqlSettings.BULK_PUT, "true");
        }
        // a password needs its user and a user a password (or a security file)
        if (entry.getKey().equals(OracleNoSqlSettings.PASSWORD)) {
          properties.setProperty(OracleNoSqlSettings.USERNAME, "admin");
        }
        if (entry.getKey().equals(OracleNoSqlSettings.USERNAME)) {
          properties.setProperty(OracleNoSqlSettings.PASSWORD, "secret");
        }
        OracleNoSqlSettings.from(properties);
      }, InvalidPropertyException.class);
    }
  }
}
