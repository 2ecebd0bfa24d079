package io.github.ycsbstorage.rocksdb;

import io.github.ycsbstorage.binding.DeclaredMemory;
import io.github.ycsbstorage.config.ByteSize;
import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.spi.MemoryFigure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * Everything the binding reads from YCSB's properties, checked before the engine opens. YCSB 0.17.0's
 * own {@code rocksdb} binding reads {@code rocksdb.dir} and {@code rocksdb.optionsfile} and nothing
 * else; both keep their meaning here. The file-system checks only look (nothing is created): the engine
 * creates the directory when it opens. Immutable.
 *
 * @param dir         {@code rocksdb.dir}: the engine's data directory
 * @param optionsFile {@code rocksdb.optionsfile}: a RocksDB OPTIONS file; empty for the binding's options
 * @param directIo    {@code rocksdb.directio}: direct reads and direct flush/compaction I/O, so that the
 *                    block cache is the only cache; false reads through the OS page cache
 * @param blockCache  the block cache's size and which setting gave it
 */
record RocksDbSettings(Path dir, Optional<Path> optionsFile, boolean directIo, MemoryFigure blockCache) {
  public static final String PREFIX = "rocksdb.";
  public static final String DIR = PREFIX + "dir";
  public static final String OPTIONS_FILE = PREFIX + "optionsfile";
  public static final String DIRECT_IO = PREFIX + "directio";
  public static final String CACHE_SIZE = PREFIX + "cachesize";

  /** Every key of the {@code rocksdb.} namespace. */
  static final Set<String> KEYS = Set.of(DIR, OPTIONS_FILE, DIRECT_IO, CACHE_SIZE);

  /** The block cache when neither {@code rocksdb.cachesize} nor {@code storage.server.memory} sets it. */
  static final ByteSize DEFAULT_CACHE = ByteSize.ofBytes(64L << 20);

  static final String DIR_ACCEPTED = "a writable directory for the engine's files (created if missing)";

  /**
   * Reads and checks the binding's properties.
   *
   * @throws InvalidPropertyException naming the first bad property
   */
  static RocksDbSettings from(Properties properties) {
    var reader = new PropertyReader(properties);
    var dirText = reader.string(DIR).orElseThrow(() -> new InvalidPropertyException(DIR, null, DIR_ACCEPTED));
    var dir = PropertyReader.parsePath(DIR, dirText).toAbsolutePath().normalize();
    checkDirectory(dirText, dir);
    var optionsFile = reader.string(OPTIONS_FILE).map(text -> {
      var file = PropertyReader.parsePath(OPTIONS_FILE, text);
      Check.input(Files.isRegularFile(file) && Files.isReadable(file),
          OPTIONS_FILE, text, "a readable RocksDB OPTIONS file (e.g. a copy of "
          + "an OPTIONS-000007 file that RocksDB wrote)", Files.exists(file) ? "not a readable file" : "no such file");
      return file;
    });
    return new RocksDbSettings(dir, optionsFile, reader.bool(DIRECT_IO, true), blockCache(reader, properties));
  }

  /** {@code rocksdb.cachesize}, else the declared {@code storage.server.memory}, else the default. */
  private static MemoryFigure blockCache(PropertyReader reader, Properties properties) {
    var own = reader.byteSize(CACHE_SIZE);
    if (own.isPresent()) {
      if (own.get().bytes() == 0) {
        throw new InvalidPropertyException(CACHE_SIZE, reader.string(CACHE_SIZE).orElseThrow(),
            "a positive size, e.g. 16MB", "it must be > 0");
      }
      return new MemoryFigure(own.get().bytes(), CACHE_SIZE);
    }
    return DeclaredMemory.from(properties)
        .map(declared -> new MemoryFigure(declared.bytes(), DeclaredMemory.KEY))
        .orElse(new MemoryFigure(DEFAULT_CACHE.bytes(), "default of " + CACHE_SIZE + " (" + DEFAULT_CACHE + ")"));
  }

  /** A directory that exists and is writable, or that can be created under its nearest existing parent. */
  private static void checkDirectory(String text, Path dir) {
    if (Files.exists(dir)) {
      Check.input(Files.isDirectory(dir), DIR, text, DIR_ACCEPTED, "it is a file, not a directory");
      Check.input(Files.isWritable(dir), DIR, text, DIR_ACCEPTED, "the directory is not writable");
      return;
    }
    var parent = dir.getParent();
    while (parent != null && !Files.exists(parent)) {
      parent = parent.getParent();
    }
    Check.input(parent != null && Files.isDirectory(parent) && Files.isWritable(parent),
        DIR, text, DIR_ACCEPTED, "it cannot be created: "
        + (parent == null ? "no existing parent" : parent + (Files.isDirectory(parent) ? " is not writable"
        : " is a file")));
  }
}
