package io.github.ycsbstorage.oraclenosql;

import java.util.Optional;
import java.util.regex.Pattern;
import oracle.kv.KVStore;
import oracle.kv.KVVersion;

/**
 * Recognises the store's refusal of an older kvclient and turns it into advice: which jar was loaded,
 * its version, what the server requires, and that {@code KVHOME} must point at a matching
 * installation. Stateless.
 */
final class IncompatibleClient {
  private static final Pattern REQUIRED = Pattern.compile("minimum required version is ([0-9][0-9.]*[0-9])");

  private IncompatibleClient() {
  }

  /** Whether kvclient failed because the server refuses this client's version. */
  static boolean isRefusal(Throwable failure) {
    for (var cause = failure; cause != null; cause = cause.getCause()) {
      var message = cause.getMessage();
      if (message != null && message.contains("client is incompatible")) {
        return true;
      }
    }
    return false;
  }

  /** The message for a refusal, naming the kvclient that was loaded. */
  static String message(Throwable refusal) {
    return message(refusal, clientLocation(), KVVersion.CURRENT_VERSION.getNumericVersionString());
  }

  static String message(Throwable refusal, String clientLocation, String clientVersion) {
    var serverText = refusal.getMessage();
    var required = Optional.ofNullable(serverText).map(REQUIRED::matcher).filter(m -> m.find())
        .map(m -> "at least " + m.group(1)).orElse("a newer client (see the server's message)");
    return "The Oracle NoSQL store refuses this kvclient: loaded " + clientLocation + " (kvclient "
        + clientVersion + "); the server requires " + required + ". Set KVHOME to the Oracle NoSQL "
        + "installation that matches the store (bin/ycsb puts $KVHOME/lib/kvclient.jar on the classpath; "
        + "the kvclient 18.3.10 from Maven Central cannot reach stores since 22.3). Server said: " + serverText;
  }

  /** Where kvclient's classes were loaded from, or a note that it cannot be told. */
  static String clientLocation() {
    var source = KVStore.class.getProtectionDomain().getCodeSource();
    return source == null || source.getLocation() == null ? "an unknown kvclient.jar" : source.getLocation().toString();
  }
}
