package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.result.Phase;
import io.github.ycsbstorage.spi.DatasetSize;
import io.github.ycsbstorage.spi.ServerInfo;
import io.github.ycsbstorage.spi.ServerInfoProvider;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.WorkloadException;

/**
 * One instance of the configured {@code db} class that the workload opens itself, outside YCSB's
 * measured client threads: to ask the binding about its server, to write a calibration sample and
 * warm-up operations, and to measure the dataset after the load. Its operations are never measured,
 * because YCSB only measures calls made through its {@code DBWrapper}. The launcher also opens one
 * before YCSB starts, to refuse a binding that cannot be opened. Not thread-safe.
 */
public final class BindingSession implements AutoCloseable {
  private final DB db;
  private final String className;

  private BindingSession(DB db, String className) {
    this.db = db;
    this.className = className;
  }

  /**
   * Creates and initialises the {@code db} class named in the properties (YCSB's default BasicDB).
   *
   * @throws BindingUnavailableException when the binding's {@code init()} fails
   */
  public static BindingSession open(Properties properties) {
    var className = YcsbSettings.from(properties).db();
    DB db;
    try {
      db = (DB) Class.forName(className).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new InvalidPropertyException(Client.DB_PROPERTY, className, "a class implementing site.ycsb.DB", e.toString());
    }
    db.setProperties(properties);
    try {
      db.init();
    } catch (DBException e) {
      throw new BindingUnavailableException(className + " could not be initialised: " + e.getMessage(), e);
    }
    return new BindingSession(db, className);
  }

  /** What a workload's {@code init} does with the session open. */
  @FunctionalInterface
  interface Preparation {
    void prepare(BindingSession session) throws WorkloadException, InterruptedException;
  }

  /**
   * Opens the session and prepares the phase with it. YCSB exits after a failed {@code init} without
   * calling {@code cleanup}, so a preparation that fails releases the binding here.
   *
   * @return the open session, which the workload's {@code cleanup} closes
   */
  static BindingSession openFor(Properties properties, Phase phase, Preparation preparation) throws WorkloadException {
    var session = open(properties);
    try {
      preparation.prepare(session);
      return session;
    } catch (WorkloadException | RuntimeException e) {
      session.close();
      throw e;
    } catch (InterruptedException e) {
      session.close();
      Thread.currentThread().interrupt();
      throw new WorkloadException("interrupted while preparing the " + phase, e);
    }
  }

  DB db() {
    return db;
  }

  public String className() {
    return className;
  }

  Optional<ServerInfoProvider> provider() {
    return db instanceof ServerInfoProvider provider ? Optional.of(provider) : Optional.empty();
  }

  Optional<ServerInfo> serverInfo() throws WorkloadException {
    return ask(ServerInfoProvider::serverInfo, "could not describe its server");
  }

  Optional<DatasetSize> datasetSize() throws WorkloadException {
    return ask(ServerInfoProvider::datasetSize, "could not measure the dataset");
  }

  /** A question only a {@link ServerInfoProvider} answers, and that may fail. */
  @FunctionalInterface
  private interface ProviderQuery<T> {
    T ask(ServerInfoProvider provider) throws DBException;
  }

  /** The provider's answer; empty when the binding is no provider; its failure named as a workload error. */
  private <T> Optional<T> ask(ProviderQuery<T> query, String failure) throws WorkloadException {
    var provider = provider();
    if (provider.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(query.ask(provider.get()));
    } catch (DBException e) {
      throw new WorkloadException(className + " " + failure + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() throws WorkloadException {
    try {
      db.cleanup();
    } catch (DBException e) {
      throw new WorkloadException(className + " cleanup failed: " + e.getMessage(), e);
    }
  }
}
