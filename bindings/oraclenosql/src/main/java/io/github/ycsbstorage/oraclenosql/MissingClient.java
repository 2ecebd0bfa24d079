package io.github.ycsbstorage.oraclenosql;

import site.ycsb.DBException;

/**
 * Fails a binding whose kvclient is not on the classpath with what is missing and how to add it,
 * instead of a {@code NoClassDefFoundError} from the first class that touches {@code oracle.kv}. A
 * YCSB install's launchers know nothing of {@code KVHOME}, so there it is the usual way to fail.
 * Refers to no kvclient class itself. Stateless.
 */
final class MissingClient {
  static final String KVCLIENT_CLASS = "oracle.kv.KVStore";

  private MissingClient() {
  }

  /** Throws unless kvclient's classes can be loaded by the loader that loaded the binding. */
  static void requirePresent() throws DBException {
    requirePresent(MissingClient.class.getClassLoader(), KVCLIENT_CLASS);
  }

  static void requirePresent(ClassLoader loader, String kvclientClass) throws DBException {
    try {
      Class.forName(kvclientClass, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new DBException(message(kvclientClass));
    }
  }

  static String message(String kvclientClass) {
    return "oraclenosql: Oracle NoSQL's kvclient is not on the classpath (no class " + kvclientClass + "). "
        + "The binding runs with the kvclient.jar of your Oracle NoSQL installation (KVHOME, the folder "
        + "holding lib/kvclient.jar): with ycsb-storage's bin/ycsb, set KVHOME; in a YCSB install, add "
        + "$KVHOME/lib to the classpath, in bin/setenv.sh (CLASSPATH=\"$KVHOME/lib/*\") for bin/ycsb.sh, "
        + "or with -cp \"$KVHOME/lib/*\" for the Python bin/ycsb.";
  }
}
