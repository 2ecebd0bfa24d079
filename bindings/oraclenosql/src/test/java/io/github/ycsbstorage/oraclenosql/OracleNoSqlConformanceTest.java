package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.testkit.DbConformanceSuite;
import java.util.Optional;
import java.util.Properties;
import oracle.kv.table.TableIteratorOptions;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;
import site.ycsb.DB;

/**
 * The shared binding conformance suite against a real KVLite (120 partitions), once per table
 * layout: string columns, binary columns and one JSON column, and once more with 256 client threads
 * on the one shared store handle. Skipped, with the reason, without {@code KVHOME}.
 */
@ExtendWith(LiveStore.class)
class OracleNoSqlConformanceTest {

  /** Properties and table reset shared by the three layouts. */
  abstract static class Layout extends DbConformanceSuite {
    abstract String table();

    abstract Properties layout();

    @Override
    protected DB newDb() {
      return new OracleNoSqlClient();
    }

    @Override
    protected Properties connectionProperties() {
      var properties = LiveStore.connection();
      properties.setProperty(OracleNoSqlSettings.TABLE, table());
      properties.setProperty("threadcount", String.valueOf(concurrencyThreads())); // as YCSB's -threads sets it
      properties.putAll(layout());
      return properties;
    }

    @Override
    protected Optional<Properties> batchingProperties(int batchSize) {
      var properties = new Properties();
      properties.setProperty(OracleNoSqlSettings.BULK_PUT, "true");
      properties.setProperty(OracleNoSqlSettings.BULK_PUT_BATCH_SIZE, Integer.toString(batchSize));
      properties.setProperty(OracleNoSqlSettings.BULK_PUT_PARALLELISM, "2");
      return Optional.of(properties);
    }

    @Override
    protected void resetTable() {
      var store = LiveStore.client();
      try {
        var tables = store.getTableAPI();
        var table = tables.getTable(table());
        if (table == null) {
          return;
        }
        var keys = tables.tableKeysIterator(table.createPrimaryKey(), null, (TableIteratorOptions) null);
        try {
          while (keys.hasNext()) {
            tables.delete(keys.next(), null, null);
          }
        } finally {
          keys.close();
        }
      } finally {
        store.close();
      }
    }
  }

  @Nested
  class StringColumns extends Layout {
    @Override
    String table() {
      return "conformance_string";
    }

    @Override
    Properties layout() {
      return new Properties();
    }
  }

  @Nested
  class BinaryColumns extends Layout {
    @Override
    String table() {
      return "conformance_binary";
    }

    @Override
    Properties layout() {
      var properties = new Properties();
      properties.setProperty(OracleNoSqlSettings.FIELD_TYPE, "binary");
      return properties;
    }
  }

  @Nested
  class JsonDocument extends Layout {
    @Override
    String table() {
      return "conformance_json";
    }

    @Override
    Properties layout() {
      var properties = new Properties();
      properties.setProperty(OracleNoSqlSettings.LAYOUT, "json");
      return properties;
    }
  }

  @Nested
  class StringColumnsAt256Threads extends Layout {
    @Override
    String table() {
      return "conformance_threads";
    }

    @Override
    Properties layout() {
      return new Properties();
    }

    @Override
    protected int concurrencyThreads() {
      return 256;
    }
  }
}
