package io.github.ycsbstorage.collector;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.spi.Locality;
import io.github.ycsbstorage.spi.ServerInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class CollectorSettingsTest {
  @Test
  void defaultsWithoutAnyServerInformation() {
    var settings = CollectorSettings.from(new Properties(), Optional.empty());
    assertTrue(settings.enabled());
    assertEquals(Path.of("/"), settings.root());
    assertEquals(Duration.ofSeconds(1), settings.interval());
    assertFalse(settings.probe(), "nothing local to probe");
    assertFalse(settings.serverLocal());
    assertEquals(CollectorSettings.Remote.NONE, settings.remote());
    assertEquals(Optional.empty(), settings.output());
    assertEquals(16L << 20, settings.probeSize());
  }

  @Test
  void localServerInfoSuppliesDataPathPidAndSwitchesTheProbeOn() {
    var server = ServerInfo.builder("MongoDB").dataPath("/var/lib/mongodb").locality(Locality.LOCAL).pid(4242).build();
    var settings = CollectorSettings.from(properties("exportfile", "out/run.txt"), Optional.of(server));
    assertEquals(List.of("/var/lib/mongodb"), settings.paths());
    assertEquals(OptionalLong.of(4242), settings.pid());
    assertTrue(settings.probe());
    assertTrue(settings.serverLocal());
    assertEquals(Optional.of(Path.of("out/run.txt.storage.json")), settings.output());
    var overridden = CollectorSettings.from(properties("collector.pid", "7", "collector.probe", "false",
        "collector.output", "ts.json", "collector.paths", "/a, /b"), Optional.of(server));
    assertEquals(OptionalLong.of(7), overridden.pid());
    assertFalse(overridden.probe());
    assertEquals(Optional.of(Path.of("ts.json")), overridden.output());
    assertEquals(List.of("/a", "/b"), overridden.paths());
  }

  @Test
  void aProcessIdAloneMakesTheServerLocal() {
    var settings = CollectorSettings.from(properties("collector.pid", "7"), Optional.empty());
    assertEquals(OptionalLong.of(7), settings.pid());
    assertTrue(settings.serverLocal(), "collector.pid names a process on this host: it is sampled");
    assertFalse(settings.probe(), "no data path to probe");
  }

  @Test
  void remoteServerDataPathIsNotWatchedHere() {
    var server = ServerInfo.builder("MongoDB").dataPath("/var/lib/mongodb").locality(Locality.REMOTE).build();
    var settings = CollectorSettings.from(new Properties(), Optional.of(server));
    assertEquals(List.of(), settings.paths());
    assertFalse(settings.serverLocal());
  }

  @Test
  void sshRemoteIsParsed() {
    var settings = CollectorSettings.from(properties("collector.remote", "ssh:ycsb@db1", "collector.devices", "nvme0n1"),
        Optional.empty());
    assertEquals(CollectorSettings.Remote.SSH, settings.remote());
    assertEquals(Optional.of("ycsb@db1"), settings.sshTarget());
    assertEquals(List.of("ssh", "-o", "BatchMode=yes"), settings.sshCommand());
    assertFalse(settings.serverLocal(), "devices named for ssh are the remote host's");
  }

  @Test
  void badValuesNameThePropertyAndWhatIsAccepted() {
    var interval = assertThrows(InvalidPropertyException.class,
        () -> CollectorSettings.from(properties("collector.interval", "5ms"), Optional.empty()));
    assertEquals("collector.interval='5ms' is invalid; accepted: a duration from 10ms to 1h, e.g. 1s or 500ms",
        interval.getMessage());
    var remote = assertThrows(InvalidPropertyException.class,
        () -> CollectorSettings.from(properties("collector.remote", "telnet"), Optional.empty()));
    assertEquals("collector.remote='telnet' is invalid; accepted: none, mongodb or ssh:<user@host>", remote.getMessage());
    assertThrows(InvalidPropertyException.class,
        () -> CollectorSettings.from(properties("collector.remote", "ssh:-oProxyCommand=x"), Optional.empty()));
    assertThrows(InvalidPropertyException.class,
        () -> CollectorSettings.from(properties("collector.probe.size", "512KiB"), Optional.empty()));
    assertThrows(InvalidPropertyException.class,
        () -> CollectorSettings.from(properties("collector.probe", "maybe"), Optional.empty()));
    assertThrows(InvalidPropertyException.class,
        () -> CollectorSettings.from(properties("collector.pid", "-1"), Optional.empty()));
  }

  @Test
  void namespaceRejectsMisspeltKeysWithASuggestion() {
    var validator = NamespaceValidator.discover(getClass().getClassLoader());
    validator.validate(properties("collector.interval", "1s", "collector.probe.time", "1s"));
    var error = assertThrows(InvalidPropertyException.class,
        () -> validator.validate(properties("collector.intervall", "1s")));
    assertTrue(error.getMessage().contains("did you mean collector.interval?"), error.getMessage());
    assertEquals(CollectorSettings.KEYS.size(), new CollectorNamespace().keys().size());
  }
}
