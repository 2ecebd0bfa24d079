package io.github.ycsbstorage.oraclenosql;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class MissingClientTest {
  @Test
  void kvclientOnTheClasspathPasses() {
    assertDoesNotThrow(() -> MissingClient.requirePresent());
  }

  @Test
  void missingKvclientNamesWhatIsMissingAndHowToAddIt() {
    var failure = assertThrows(DBException.class,
        () -> MissingClient.requirePresent(getClass().getClassLoader(), "oracle.kv.NotThere"));
    var message = failure.getMessage();
    assertTrue(message.contains("kvclient is not on the classpath (no class oracle.kv.NotThere)"), message);
    assertTrue(message.contains("bin/setenv.sh (CLASSPATH=\"$KVHOME/lib/*\")"), message);
    assertTrue(message.contains("-cp \"$KVHOME/lib/*\""), message);
  }
}
