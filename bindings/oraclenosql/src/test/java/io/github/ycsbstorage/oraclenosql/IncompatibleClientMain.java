package io.github.ycsbstorage.oraclenosql;

import java.util.Properties;
import site.ycsb.DBException;

/**
 * Opens the binding in a JVM of its own, so that a test can run it with another kvclient.jar than
 * its own: prints {@code INIT FAILED: <message>} or {@code INIT OK}.
 */
public final class IncompatibleClientMain {
  private IncompatibleClientMain() {
  }

  public static void main(String[] args) throws DBException {
    var properties = new Properties();
    properties.setProperty(OracleNoSqlSettings.HELPER_HOSTS, args[0]);
    properties.setProperty(OracleNoSqlSettings.TABLE, "incompatible_probe");
    properties.setProperty(OracleNoSqlSettings.REQUEST_TIMEOUT, "10s");
    var client = new OracleNoSqlClient();
    client.setProperties(properties);
    try {
      client.init();
    } catch (DBException e) {
      System.out.println("INIT FAILED: " + e.getMessage());
      return;
    }
    client.cleanup();
    System.out.println("INIT OK");
  }
}
