package io.github.ycsbstorage.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.SecretMasker;
import io.github.ycsbstorage.spi.HostReading;
import io.github.ycsbstorage.spi.ServerMetrics;
import io.github.ycsbstorage.spi.ServerMetricsUnavailableException;
import java.io.IOException;
import org.bson.Document;

/**
 * The MongoDB server host's disks, CPU and memory from {@code getDiagnosticData} (the latest
 * document of mongod's FTDC, refreshed every {@code diagnosticDataCollectionPeriodMillis}, 1 s by
 * default), as {@link HostReading}s timed by the server's own reading time ({@code systemMetrics.end})
 * so that intervals are the server's. Not thread-safe: one collector thread uses it.
 */
final class DiagnosticDataSource implements ServerMetrics {
  static final Document COMMAND = new Document("getDiagnosticData", 1);
  /** MongoDB error codes (src/mongo/base/error_codes.yml). */
  static final int UNAUTHORIZED = 13;
  static final int COMMAND_NOT_FOUND = 59;

  /** Runs {@code getDiagnosticData} on the admin database. */
  @FunctionalInterface
  interface Command {
    Document run();
  }

  private final Command command;
  private final String server;
  private final Runnable release;

  /**
   * @param command runs the command
   * @param server  the server's hosts, for messages (no credentials)
   * @param release run by {@link #close()}: gives the client back
   */
  DiagnosticDataSource(Command command, String server, Runnable release) {
    Check.argument(command != null && server != null && release != null, "command, server and release are required");
    this.command = command;
    this.server = server;
    this.release = release;
  }

  /** Asks once, so that a refusal is known (with its reason) before the phase starts. */
  void check() throws ServerMetricsUnavailableException {
    Document reply;
    try {
      reply = command.run();
    } catch (MongoException e) {
      throw new ServerMetricsUnavailableException(reason(e));
    }
    var metrics = SystemMetricsText.find(reply);
    if (metrics.isEmpty() || !SystemMetricsText.isLinux(metrics.get())) {
      throw new ServerMetricsUnavailableException("getDiagnosticData on " + server
          + " reports no Linux systemMetrics (FTDC disabled by diagnosticDataCollectionEnabled=false"
          + " or the server does not run on Linux)");
    }
    if (SystemMetricsText.readAtMillis(metrics.get()).isEmpty()) {
      throw new ServerMetricsUnavailableException("getDiagnosticData on " + server
          + " reports systemMetrics without their reading time (systemMetrics.end)");
    }
  }

  /** Why the command failed, in words a user can act on; secrets masked. */
  String reason(MongoException e) {
    if (e instanceof MongoCommandException refused) {
      // the server's own words, without the driver's dump of the whole response
      var message = SecretMasker.maskText(refused.getErrorMessage()) + " (error " + refused.getErrorCode()
          + " " + refused.getErrorCodeName() + ")";
      if (refused.getErrorCode() == UNAUTHORIZED) {
        return "the user may not run getDiagnosticData on " + server
            + " (it needs the clusterMonitor role): " + message;
      }
      if (refused.getErrorCode() == COMMAND_NOT_FOUND) {
        return "the server at " + server + " has no getDiagnosticData command: " + message;
      }
      return "getDiagnosticData on " + server + " failed: " + message;
    }
    return "getDiagnosticData on " + server + " failed: " + SecretMasker.maskText(e.getMessage());
  }

  @Override
  public HostReading read() throws IOException {
    Document reply;
    try {
      reply = command.run();
    } catch (MongoException e) {
      throw new IOException(reason(e), e);
    }
    var metrics = SystemMetricsText.find(reply)
        .orElseThrow(() -> new IOException("getDiagnosticData on " + server + " returned no systemMetrics"));
    long millis = SystemMetricsText.readAtMillis(metrics)
        .orElseThrow(() -> new IOException("getDiagnosticData on " + server + " returned no systemMetrics.end"));
    return new HostReading(millis, SystemMetricsText.procFiles(metrics));
  }

  @Override
  public String describe() {
    return "MongoDB getDiagnosticData (systemMetrics) at " + server;
  }

  @Override
  public void close() {
    release.run();
  }
}
