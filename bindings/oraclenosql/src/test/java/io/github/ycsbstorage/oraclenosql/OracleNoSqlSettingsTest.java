package io.github.ycsbstorage.oraclenosql;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import oracle.kv.Consistency;
import oracle.kv.Durability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OracleNoSqlSettingsTest {

  @Test
  void defaultsMatchAFreshKvLiteAndYcsbsTable() {
    var settings = OracleNoSqlSettings.from(new Properties());
    assertEquals("kvstore", settings.storeName());
    assertEquals(List.of("localhost:5000"), settings.helperHosts());
    assertEquals("usertable", settings.table());
    assertEquals(Duration.ofSeconds(10), settings.requestTimeout(), "storage.operation.timeout's default");
    assertEquals(TableLayout.COLUMNS, settings.schema().layout());
    assertEquals(FieldType.STRING, settings.schema().fieldType());
    assertEquals(List.of("field0", "field1", "field2", "field3", "field4", "field5", "field6", "field7", "field8",
        "field9"), settings.schema().fieldNames());
    assertEquals(ReadConsistency.DEFAULT, settings.consistency());
    assertEquals(Optional.empty(), settings.durability());
    assertEquals(Optional.empty(), settings.bulkPut());
  }

  @Test
  void ycsbsNosqldbNamesAreAcceptedWithTheirOldMeaning() {
    var settings = OracleNoSqlSettings.from(properties("storeName", "mystore", "helperHost", "a:5000,b:6000",
        "consistency", "ABSOLUTE", "durability", "COMMIT_NO_SYNC", "requestTimeout", "10", "table", "t1"));
    assertEquals("mystore", settings.storeName());
    assertEquals(List.of("a:5000", "b:6000"), settings.helperHosts());
    assertEquals("t1", settings.table());
    assertEquals(Duration.ofSeconds(10), settings.requestTimeout(), "nosqldb counted seconds");
    assertEquals(Consistency.ABSOLUTE, settings.consistency().forRead(null));
    assertEquals(Optional.of(Durability.COMMIT_NO_SYNC), settings.durability());
  }

  @Test
  void oraclenosqlKeysWinOverTheOldNames() {
    var settings = OracleNoSqlSettings.from(properties("storeName", "old", "oraclenosql.storename", "new",
        "helperHost", "old:1", "oraclenosql.helperhosts", "new:2", "requestTimeout", "10",
        "oraclenosql.requesttimeout", "750ms", "table", "ycsbtable", "oraclenosql.table", "mine",
        "consistency", "absolute", "oraclenosql.consistency", "none_required",
        "durability", "commit_sync", "oraclenosql.durability", "commit_write_no_sync"));
    assertEquals("new", settings.storeName());
    assertEquals(List.of("new:2"), settings.helperHosts());
    assertEquals(Duration.ofMillis(750), settings.requestTimeout());
    assertEquals("mine", settings.table());
    assertEquals(Consistency.NONE_REQUIRED, settings.consistency().forRead(null));
    assertEquals(Optional.of(Durability.COMMIT_WRITE_NO_SYNC), settings.durability());
  }

  @Test
  void badValuesNameThePropertyTheValueAndWhatIsAccepted() {
    var hosts = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.helperhosts", "localhost")));
    assertEquals("oraclenosql.helperhosts='localhost' is invalid; accepted: comma-separated host:port pairs "
        + "with ports from 1 to 65535, e.g. node1:5000,node2:5000", hosts.getMessage());
    var port = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.helperhosts", "127.0.0.1:99999")));
    assertEquals("oraclenosql.helperhosts (port of 127.0.0.1:99999)='99999' is invalid; accepted: a whole number "
        + "from 1 to 65535", port.getMessage());
    var store = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.storename", "bad name!")));
    assertEquals("oraclenosql.storename='bad name!' is invalid; accepted: a store name of letters, digits, '-' and "
        + "'_', e.g. kvstore (KVLite's default)", store.getMessage());
    var legacyHosts = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("helperHost", "x y:1")));
    assertEquals("helperHost", legacyHosts.property());
    var timeout = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("requestTimeout", "soon")));
    assertEquals("requestTimeout", timeout.property());
    var table = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.table", "drop table x")));
    assertEquals("oraclenosql.table", table.property());
    var layout = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.layout", "rows")));
    assertEquals("oraclenosql.layout='rows' is invalid; accepted: columns, json", layout.getMessage());
    var binaryJson = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.layout", "json", "oraclenosql.fieldtype", "binary")));
    assertEquals("oraclenosql.fieldtype", binaryJson.property());
    var batch = assertThrows(InvalidPropertyException.class, () -> OracleNoSqlSettings.from(
        properties("oraclenosql.bulkput", "true", "oraclenosql.bulkput.batchsize", "0")));
    assertEquals("oraclenosql.bulkput.batchsize='0' is invalid; accepted: a whole number from 1 to 10000000",
        batch.getMessage());
  }

  @Test
  void bulkPutSettingsApplyOnlyWhenBulkPutIsOn() {
    assertEquals(Optional.empty(), OracleNoSqlSettings.from(properties("oraclenosql.bulkput.batchsize", "10")).bulkPut());
    var settings = OracleNoSqlSettings.from(properties("oraclenosql.bulkput", "true", "oraclenosql.bulkput.parallelism", "3",
        "oraclenosql.bulkput.batchsize", "250"));
    assertEquals(Optional.of(new OracleNoSqlSettings.BulkPutSettings(3, 250)), settings.bulkPut());
    assertEquals(Optional.of(new OracleNoSqlSettings.BulkPutSettings(4, 5000)),
        OracleNoSqlSettings.from(properties("oraclenosql.bulkput", "true")).bulkPut());
  }

  @Test
  void fieldNamesFollowYcsbsFieldcountAndPrefix() {
    var settings = OracleNoSqlSettings.from(properties("fieldcount", "3", "fieldnameprefix", "f_"));
    assertEquals(List.of("f_0", "f_1", "f_2"), settings.schema().fieldNames());
    var bad = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("fieldnameprefix", "field-")));
    assertEquals("fieldnameprefix", bad.property());
  }

  @Test
  void thePasswordNeverShows(@TempDir Path directory) throws Exception {
    var security = Files.writeString(directory.resolve("client.security"), "oracle.kv.transport=ssl\n");
    var settings = OracleNoSqlSettings.from(properties("oraclenosql.username", "admin", "oraclenosql.password", "hunter2",
        "oraclenosql.security", security.toString()));
    assertEquals("hunter2", settings.password().orElseThrow().value());
    assertEquals(Optional.of(security), settings.securityFile());
    assertFalse(settings.toString().contains("hunter2"), settings.toString());
    assertTrue(settings.toString().contains("password=Optional[*****]"), settings.toString());

    var noUser = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.password", "hunter2")));
    assertFalse(noUser.getMessage().contains("hunter2"), noUser.getMessage());
    assertEquals("oraclenosql.username", noUser.property());
  }

  @Test
  void aSecureStoreNeedsASecurityFileOrAPassword() {
    var missing = assertThrows(InvalidPropertyException.class,
        () -> OracleNoSqlSettings.from(properties("oraclenosql.username", "admin")));
    assertEquals("oraclenosql.security", missing.property());
    var unreadable = assertThrows(InvalidPropertyException.class, () -> OracleNoSqlSettings.from(
        properties("oraclenosql.username", "admin", "oraclenosql.security", "/nonexistent/client.security")));
    assertEquals("oraclenosql.security='/nonexistent/client.security' is invalid: not readable; accepted: a "
        + "readable login/security properties file (e.g. $KVROOT/security/client.security)", unreadable.getMessage());
  }

  @Test
  void theNamespaceListsEveryKeyAndIsFoundThroughServiceLoader() {
    var validator = NamespaceValidator.discover(getClass().getClassLoader());
    var all = new Properties();
    new OracleNoSqlNamespace().keys().forEach(key -> all.setProperty(key, "x"));
    all.setProperty("storeName", "legacy names carry no prefix");
    validator.validate(all);
    var misspelt = assertThrows(InvalidPropertyException.class,
        () -> validator.validate(properties("oraclenosql.storname", "kvstore")));
    assertTrue(misspelt.getMessage().contains("did you mean oraclenosql.storename?"), misspelt.getMessage());
    assertEquals(14, new OracleNoSqlNamespace().keys().size());
  }

  @Test
  void instancesShareASessionOnlyForTheSameStoreAndTable() {
    var base = OracleNoSqlSettings.from(properties("oraclenosql.helperhosts", "h:5000"));
    assertTrue(base.sameStoreAndTable(OracleNoSqlSettings.from(properties("oraclenosql.helperhosts", "h:5000",
        "oraclenosql.consistency", "absolute", "oraclenosql.bulkput", "true"))), "per-operation settings may differ");
    assertFalse(base.sameStoreAndTable(OracleNoSqlSettings.from(properties("oraclenosql.helperhosts", "h:5001"))));
    assertFalse(base.sameStoreAndTable(OracleNoSqlSettings.from(properties("oraclenosql.helperhosts", "h:5000",
        "oraclenosql.table", "other"))));
    assertFalse(base.sameStoreAndTable(OracleNoSqlSettings.from(properties("oraclenosql.helperhosts", "h:5000",
        "oraclenosql.layout", "json"))));
  }

  /**
   * Unset, the timeout grows with the threads beyond storage.operation.timeout: 64 × 250 ms = 16 s;
   * 20 × 250 ms = 5 s keeps the operation timeout's 10 s.
   */
  @Test
  void theRequestTimeoutIsSizedFromTheThreadsWhenNotSet() {
    assertEquals(Duration.ofSeconds(16), OracleNoSqlSettings.from(properties("threadcount", "64")).requestTimeout());
    assertEquals(Duration.ofSeconds(64), OracleNoSqlSettings.from(properties("threadcount", "256")).requestTimeout());
    assertEquals(Duration.ofSeconds(10), OracleNoSqlSettings.from(properties("threadcount", "20")).requestTimeout(),
        "storage.operation.timeout's default");
    assertEquals(Duration.ofSeconds(3),
        OracleNoSqlSettings.from(properties("threadcount", "64", "oraclenosql.requesttimeout", "3s")).requestTimeout(),
        "a set timeout wins");
  }
}
