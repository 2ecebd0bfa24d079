package io.github.ycsbstorage.result;

import java.util.Optional;

/**
 * The {@code versions} section: what produced a result. Immutable.
 *
 * @param ycsbStorage this project's version
 * @param ycsbCore    the YCSB core it was built against
 * @param java        the JVM's version
 * @param binding     the {@code db} class, when the phase used one
 * @param driver      the binding's database driver (client library), when it says
 * @param server      the database server's version, when it says
 */
public record Versions(String ycsbStorage, String ycsbCore, String java, Optional<String> binding,
    Optional<String> driver, Optional<String> server) {

  /** This build's and this JVM's versions, with the binding's. */
  public static Versions of(Optional<String> binding, Optional<String> driver, Optional<String> server) {
    return new Versions(Version.ycsbStorage(), Version.ycsbCore(), System.getProperty("java.version"), binding,
        driver, server);
  }
}
