package io.github.ycsbstorage.mongodb;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.testkit.FuzzInputs;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Random strings (fixed seeds, bounded count) as the value of every {@code mongodb.*} key: the
 * settings parse or refuse with {@link InvalidPropertyException}, never with the driver's own
 * exceptions (a {@code ConnectionString} error, {@code NumberFormatException}, …). The inputs hold no
 * {@code mongodb+srv://} URLs, which the driver resolves through DNS while parsing.
 */
class MongoDbSettingsFuzzTest {
  @Test
  void everySettingParsesOrIsRefusedNamingIt() {
    var examples = new TreeMap<String, List<String>>(Map.of(
        MongoDbSettings.URL, List.of("mongodb://127.0.0.1:27017/ycsb?w=1", "mongodb://u:p@h1,h2/db?replicaSet=rs0"),
        MongoDbSettings.DATABASE, List.of("ycsb"), MongoDbSettings.FIELD_TYPE, List.of("binary", "string"),
        MongoDbSettings.UPSERT, List.of("true"), MongoDbSettings.BATCH_SIZE, List.of("100"),
        MongoDbSettings.WRITE_CONCERN, List.of("majority", "journaled", "w1"),
        MongoDbSettings.READ_PREFERENCE, List.of("primary", "nearest"), MongoDbSettings.READ_CONCERN, List.of("local"),
        MongoDbSettings.SERVER_SELECTION_TIMEOUT, List.of("10s"), MongoDbSettings.CONNECT_TIMEOUT, List.of("500ms")));
    examples.put(MongoDbSettings.YCSB_BATCH_SIZE, List.of("10"));
    for (var entry : examples.entrySet()) {
      FuzzInputs.check(entry.getKey(), entry.getValue(), value -> {
        var properties = new Properties();
        properties.setProperty(entry.getKey(), value);
        MongoDbSettings.from(properties);
      }, InvalidPropertyException.class);
    }
  }

  /** Found by the fuzzer: the driver looks SRV hosts up while parsing and threw its own exception. */
  @Test
  void anSrvHostWithoutDnsRecordsIsRefusedNamingTheUrl() {
    var properties = new Properties();
    properties.setProperty(MongoDbSettings.URL, "mongodb+srv://.0");
    var refused = assertThrows(InvalidPropertyException.class, () -> MongoDbSettings.from(properties));
    assertTrue(refused.getMessage().startsWith("mongodb.url='mongodb+srv://.0' is invalid"), refused.getMessage());
  }
}
