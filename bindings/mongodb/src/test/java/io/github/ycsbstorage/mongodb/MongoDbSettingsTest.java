package io.github.ycsbstorage.mongodb;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyNamespace;
import java.time.Duration;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MongoDbSettingsTest {
  private static MongoDbSettings settings(String... keyValues) {
    return MongoDbSettings.from(properties(keyValues));
  }

  @Test
  void defaultsFollowYcsb() {
    var s = settings();
    assertEquals("mongodb://localhost:27017/ycsb?w=1", s.url().getConnectionString());
    assertEquals("ycsb", s.database());
    assertEquals("usertable", s.table());
    assertEquals(FieldType.BINARY, s.fieldType());
    assertFalse(s.upsert());
    assertEquals(1, s.batchSize());
    assertFalse(s.batching());
    assertEquals(Optional.empty(), s.writeConcern());
    assertEquals(Optional.empty(), s.readPreference());
    assertEquals(Optional.empty(), s.readConcern());
    assertEquals(Duration.ofSeconds(10), s.serverSelectionTimeout());
    assertEquals(Duration.ofSeconds(10), s.connectTimeout());
    assertEquals(1, s.threads());
  }

  @Test
  void databaseComesFromThePropertyThenTheUrlThenYcsb() {
    assertEquals("fromurl", settings("mongodb.url", "mongodb://h/fromurl").database());
    assertEquals("prop", settings("mongodb.url", "mongodb://h/fromurl", "mongodb.database", "prop").database());
    assertEquals("ycsb", settings("mongodb.url", "mongodb://h").database());
  }

  @Test
  void databaseNamesAndAppNamesTheServerOrDriverWouldRefuseAreRefusedFirst() {
    var dotted = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.database", "a.b"));
    assertEquals("mongodb.database", dotted.property());
    assertTrue(dotted.getMessage().contains("databaseName does not contain '.'"), dotted.getMessage());
    var inUrl = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.url", "mongodb://u:pw@h/a%20b"));
    assertTrue(inUrl.getMessage().startsWith("mongodb.url='mongodb://u:*****@h/a%20b' is invalid"), inUrl.getMessage());
    assertEquals("mongodb.database", assertThrows(InvalidPropertyException.class,
        () -> settings("mongodb.database", "d".repeat(64))).property());
    assertEquals("d".repeat(63), settings("mongodb.database", "d".repeat(63)).database());
    var appName = assertThrows(InvalidPropertyException.class,
        () -> settings("mongodb.url", "mongodb://h/db?appName=" + "a".repeat(129)));
    assertTrue(appName.getMessage().contains("its appName has 129 bytes"), appName.getMessage());
    assertEquals("db", settings("mongodb.url", "mongodb://h/db?appName=" + "a".repeat(128)).database());
  }

  @Test
  void theNamespaceChecksValuesOnlyForTheMongoDbBinding() {
    var namespace = new MongoDbNamespace();
    var bogus = properties("mongodb.writeconcern", "bogus");
    assertFalse(namespace.checked(bogus), "another binding ignores mongodb.*");
    bogus.setProperty("db", MongoDbClient.class.getName());
    assertTrue(namespace.checked(bogus));
    assertThrows(InvalidPropertyException.class, () -> namespace.check(bogus));
  }

  @Test
  void mongodbBatchsizeWinsOverYcsbSpelling() {
    assertEquals(50, settings("batchsize", "50").batchSize());
    assertEquals(20, settings("batchsize", "50", "mongodb.batchsize", "20").batchSize());
    assertTrue(settings("mongodb.batchsize", "2").batching());
  }

  @Test
  void everyTimeoutDefaultsToTheOneOperationTimeoutWhichBoundsEachWaitOfAnOperation() {
    var defaults = settings();
    assertEquals(Duration.ofSeconds(10), defaults.operationTimeout(), "storage.operation.timeout's default");
    var derived = settings("storage.operation.timeout", "2s");
    assertEquals(Duration.ofSeconds(2), derived.serverSelectionTimeout());
    assertEquals(Duration.ofSeconds(2), derived.connectTimeout());
    assertEquals(Duration.ofSeconds(2), derived.operationTimeout());
    var driver = SharedClient.clientSettings(derived);
    assertEquals(2000, driver.getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS),
        "a server that stops answering fails the operation instead of hanging it");
    assertEquals(2000L, driver.getConnectionPoolSettings().getMaxWaitTime(TimeUnit.MILLISECONDS),
        "nor does a pool whose connections all hang");
    assertEquals(2000L, driver.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
    assertNull(driver.getTimeout(TimeUnit.MILLISECONDS),
        "no client-side operation timeout of the driver's, whose per-operation contexts cost CPU");
    assertEquals(Duration.ofMillis(400), settings("storage.operation.timeout", "2s", "mongodb.url",
        "mongodb://h/?timeoutMS=400").operationTimeout(), "the URL's own timeoutMS wins");
  }

  @Test
  void timeoutsComeFromThePropertyThenTheUrlThenTenSeconds() {
    var fromUrl = settings("mongodb.url", "mongodb://h/?serverSelectionTimeoutMS=1500&connectTimeoutMS=700");
    assertEquals(Duration.ofMillis(1500), fromUrl.serverSelectionTimeout());
    assertEquals(Duration.ofMillis(700), fromUrl.connectTimeout());
    var fromProperty = settings("mongodb.url", "mongodb://h/?serverSelectionTimeoutMS=1500",
        "mongodb.serverselectiontimeout", "3s", "mongodb.connecttimeout", "250ms");
    assertEquals(Duration.ofSeconds(3), fromProperty.serverSelectionTimeout());
    assertEquals(Duration.ofMillis(250), fromProperty.connectTimeout());
  }

  @Test
  void overridesAreParsed() {
    var s = settings("mongodb.writeconcern", "majority", "mongodb.readpreference", "secondaryPreferred",
        "mongodb.readconcern", "majority", "mongodb.fieldtype", "string", "mongodb.upsert", "true",
        "threadcount", "64");
    assertEquals(Optional.of(WriteConcern.MAJORITY), s.writeConcern());
    assertEquals(Optional.of(ReadPreference.secondaryPreferred()), s.readPreference());
    assertEquals(Optional.of(ReadConcern.MAJORITY), s.readConcern());
    assertEquals(FieldType.STRING, s.fieldType());
    assertTrue(s.upsert());
    assertEquals(64, s.threads());
    assertEquals(Optional.of(WriteConcern.UNACKNOWLEDGED), settings("mongodb.writeconcern", "w0").writeConcern());
    assertEquals(Optional.of(WriteConcern.JOURNALED), settings("mongodb.writeconcern", "Journaled").writeConcern());
  }

  @Test
  void ycsbsWriteConcernNamesMeanWhatTheyMeantInYcsb() {
    // YCSB 0.17.0's OptionsSupport: errors_ignored and unacknowledged w=0, acknowledged w=1,
    // journaled journal=true, replica_acknowledged w=2, majority w=majority; values in any case.
    assertEquals(Optional.of(WriteConcern.UNACKNOWLEDGED), settings("mongodb.writeConcern", "errors_ignored").writeConcern());
    assertEquals(Optional.of(WriteConcern.UNACKNOWLEDGED), settings("mongodb.writeConcern", "unacknowledged").writeConcern());
    assertEquals(Optional.of(WriteConcern.W1), settings("mongodb.writeConcern", "acknowledged").writeConcern());
    assertEquals(Optional.of(WriteConcern.JOURNALED), settings("mongodb.writeConcern", "journaled").writeConcern());
    assertEquals(Optional.of(WriteConcern.W2), settings("mongodb.writeConcern", "replica_acknowledged").writeConcern());
    assertEquals(Optional.of(WriteConcern.MAJORITY), settings("mongodb.writeConcern", "MAJORITY").writeConcern());
  }

  @Test
  void ycsbsReadPreferenceNamesMeanWhatTheyMeantInYcsb() {
    assertEquals(Optional.of(ReadPreference.primary()), settings("mongodb.readPreference", "primary").readPreference());
    assertEquals(Optional.of(ReadPreference.primaryPreferred()),
        settings("mongodb.readPreference", "primary_preferred").readPreference());
    assertEquals(Optional.of(ReadPreference.secondary()), settings("mongodb.readPreference", "secondary").readPreference());
    assertEquals(Optional.of(ReadPreference.secondaryPreferred()),
        settings("mongodb.readPreference", "secondary_preferred").readPreference());
    assertEquals(Optional.of(ReadPreference.nearest()), settings("mongodb.readPreference", "Nearest").readPreference());
  }

  @Test
  void ourKeysWinOverYcsbsNamesAndBothOverTheUrl() {
    var both = settings("mongodb.url", "mongodb://h/ycsb?w=1&readPreference=primary",
        "mongodb.writeConcern", "unacknowledged", "mongodb.writeconcern", "majority",
        "mongodb.readPreference", "nearest", "mongodb.readpreference", "secondary");
    assertEquals(Optional.of(WriteConcern.MAJORITY), both.writeConcern());
    assertEquals(Optional.of(ReadPreference.secondary()), both.readPreference());
    // YCSB 0.17.0 let the URL's w=1 (its default URL has one) win silently; here the property does.
    var ycsbs = settings("mongodb.url", "mongodb://h/ycsb?w=1", "mongodb.writeConcern", "unacknowledged");
    assertEquals(Optional.of(WriteConcern.UNACKNOWLEDGED), ycsbs.writeConcern());
  }

  @Test
  void aMissingSettingIsNamedAsMissingNotAsANonPositiveCount() {
    var s = settings();
    var noPool = assertThrows(IllegalArgumentException.class, () -> new MongoDbSettings(s.url(), s.database(),
        s.table(), s.fieldType(), s.upsert(), s.batchSize(), s.writeConcern(), s.readPreference(), s.readConcern(),
        s.serverSelectionTimeout(), s.connectTimeout(), s.operationTimeout(), null, s.threads()));
    assertEquals("every setting must be given", noPool.getMessage());
    var noBatch = assertThrows(IllegalArgumentException.class, () -> new MongoDbSettings(s.url(), s.database(),
        s.table(), s.fieldType(), s.upsert(), 0, s.writeConcern(), s.readPreference(), s.readConcern(),
        s.serverSelectionTimeout(), s.connectTimeout(), s.operationTimeout(), s.maxConnections(), s.threads()));
    assertEquals("batchSize and threads must be positive", noBatch.getMessage());
  }

  @Test
  void ycsbsPoolSettingsAreReadAndChecked() {
    assertEquals(Optional.of(20), settings("mongodb.maxconnections", "20").maxConnections());
    assertEquals(Optional.empty(), settings().maxConnections());
    assertEquals(1, settings("mongodb.threadsAllowedToBlockForConnectionMultiplier", "5").threads(), "read, checked, unused");
    var badPool = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.maxconnections", "many"));
    assertEquals("mongodb.maxconnections", badPool.property());
    var badMultiplier = assertThrows(InvalidPropertyException.class,
        () -> settings("mongodb.threadsAllowedToBlockForConnectionMultiplier", "-1"));
    assertEquals("mongodb.threadsAllowedToBlockForConnectionMultiplier", badMultiplier.property());
  }

  @Test
  void badYcsbValuesAreRefusedNamingYcsbsKey() {
    var e = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.writeConcern", "fsync_safe"));
    assertEquals("mongodb.writeConcern", e.property());
    assertTrue(e.getMessage().contains("replica_acknowledged"), e.getMessage());
    var p = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.readPreference", "closest"));
    assertEquals("mongodb.readPreference", p.property());
    assertTrue(p.getMessage().contains("primary_preferred"), p.getMessage());
  }

  @Test
  void srvUrlsAreAccepted() {
    var s = settings("mongodb.url", "mongodb+srv://user:pw@cluster0.example.net/bench?retryWrites=true");
    assertEquals("bench", s.database());
    assertTrue(s.url().isSrvProtocol());
  }

  @Test
  void badValuesNameThePropertyTheValueAndWhatIsAccepted() {
    var e = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.writeconcern", "sometimes"));
    assertEquals("mongodb.writeconcern", e.property());
    assertEquals("mongodb.writeconcern='sometimes' is invalid; accepted: unacknowledged (or errors_ignored, w0),"
        + " acknowledged (or w1), w2 (or replica_acknowledged), w3, journaled, majority", e.getMessage());
    assertEquals("mongodb.readpreference",
        assertThrows(InvalidPropertyException.class, () -> settings("mongodb.readpreference", "closest")).property());
    assertEquals("mongodb.readconcern",
        assertThrows(InvalidPropertyException.class, () -> settings("mongodb.readconcern", "strong")).property());
    assertEquals("mongodb.fieldtype",
        assertThrows(InvalidPropertyException.class, () -> settings("mongodb.fieldtype", "json")).property());
    assertEquals("batchsize",
        assertThrows(InvalidPropertyException.class, () -> settings("batchsize", "0")).property());
    assertEquals("mongodb.batchsize",
        assertThrows(InvalidPropertyException.class, () -> settings("mongodb.batchsize", "ten")).property());
    assertEquals("mongodb.serverselectiontimeout", assertThrows(InvalidPropertyException.class,
        () -> settings("mongodb.serverselectiontimeout", "0")).property());
  }

  @Test
  void aBadUrlIsRejectedWithItsPasswordMasked() {
    var e = assertThrows(InvalidPropertyException.class,
        () -> settings("mongodb.url", "mongodb://alice:hunter2@host:notaport/db"));
    assertEquals("mongodb.url", e.property());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    var notMongo = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.url", "http://alice:hunter2@host"));
    assertFalse(notMongo.getMessage().contains("hunter2"), notMongo.getMessage());
    assertTrue(notMongo.getMessage().contains("mongodb+srv://"), notMongo.getMessage());
  }

  @Test
  void aUrlOptionTheDriverDoesNotKnowIsRefusedWithTheNearestItKnows() {
    var misspelt = assertThrows(InvalidPropertyException.class,
        () -> settings("mongodb.url", "mongodb://alice:hunter2@h/db?w=1&maxPoolSise=8"));
    assertEquals("mongodb.url='mongodb://alice:*****@h/db?w=1&maxPoolSise=8' is invalid: unknown option 'maxPoolSise' "
        + "(did you mean maxpoolsize?); accepted: options the MongoDB driver knows, e.g. w, appName, maxPoolSize, "
        + "readPreference, timeoutMS", misspelt.getMessage());
    var unknown = assertThrows(InvalidPropertyException.class, () -> settings("mongodb.url", "mongodb://h/db?foo=bar"));
    assertTrue(unknown.getMessage().contains("unknown option 'foo'; accepted"), unknown.getMessage());
    // any case, either separator, values holding '=' and ':'
    assertEquals("db", settings("mongodb.url", "mongodb://h/db?W=1;readPreference=nearest&readPreferenceTags=dc:ny"
        + "&APPNAME=a=b").database());
  }

  @Test
  void toStringMasksThePassword() {
    var s = settings("mongodb.url", "mongodb://alice:hunter2@db1.example.net:27017/ycsb?w=majority");
    assertFalse(s.toString().contains("hunter2"), s.toString());
    assertTrue(s.toString().contains("mongodb://alice:*****@db1.example.net:27017/ycsb?w=majority"), s.toString());
    assertEquals("db1.example.net:27017", s.hosts());
  }

  @Test
  void theNamespaceListsEveryKeyAndIsDiscoverable() {
    var namespaces = ServiceLoader.load(PropertyNamespace.class).stream()
        .map(ServiceLoader.Provider::get).filter(n -> n.prefix().equals("mongodb.")).toList();
    assertEquals(1, namespaces.size());
    assertEquals(Set.of("mongodb.url", "mongodb.database", "mongodb.fieldtype", "mongodb.upsert",
        "mongodb.batchsize", "mongodb.writeconcern", "mongodb.readpreference", "mongodb.readconcern",
        "mongodb.serverselectiontimeout", "mongodb.connecttimeout", "mongodb.writeConcern", "mongodb.readPreference",
        "mongodb.maxconnections", "mongodb.threadsAllowedToBlockForConnectionMultiplier"),
        namespaces.get(0).keys().stream().collect(Collectors.toSet()));
  }
}
