package io.github.ycsbstorage.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A binding whose storage engine runs inside each client process (no server): a study gives it a
 * directory of its own per device and dataset size instead of starting a server, and it cannot be
 * shared by several clients of a cell. Core cannot see the bindings' classes, so they are named here.
 */
public enum EmbeddedEngine {
  /** The {@code rocksdb} binding (rocksdbjni, direct I/O): its data folder is {@code rocksdb.dir}. */
  ROCKSDB("rocksdb", "rocksdb.dir");

  /** Marks a folder made by a study, so that a later load of the same study may empty it. */
  private static final String MARK = ".ycsb-storage-study";

  private final String binding;
  private final String directoryProperty;

  EmbeddedEngine(String binding, String directoryProperty) {
    this.binding = binding;
    this.directoryProperty = directoryProperty;
  }

  /** The embedded engine of a binding name of {@code bin/bindings.properties}, if it is one. */
  public static Optional<EmbeddedEngine> of(String binding) {
    return Arrays.stream(values()).filter(engine -> engine.binding.equals(binding)).findFirst();
  }

  public String binding() {
    return binding;
  }

  /** The binding's property that names the engine's data folder. */
  public String directoryProperty() {
    return directoryProperty;
  }

  /** A device's folder for one dataset size: each size is loaded into an empty engine of its own. */
  public static Path directory(Path devicePath, DatasetScale scale) {
    return devicePath.resolve(scale.label());
  }

  /**
   * Makes {@code folder} an empty engine folder before a load: created with a mark of the study, or,
   * when a previous load of the study left it (the mark), emptied. A folder the study did not make is
   * never emptied: a non-empty one is refused.
   *
   * @throws IOException when the folder holds files the study did not put there, or cannot be made
   */
  static void prepareForLoad(Path folder) throws IOException {
    var mark = folder.resolve(MARK);
    if (Files.isDirectory(folder) && Files.exists(mark)) {
      try (Stream<Path> paths = Files.walk(folder)) {
        for (var path : paths.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(folder)).toList()) {
          Files.delete(path);
        }
      }
    } else if (Files.isDirectory(folder)) {
      try (Stream<Path> entries = Files.list(folder)) {
        if (entries.findAny().isPresent()) {
          throw new IOException("the engine folder " + folder + " holds files this study did not write: move them "
              + "away or give the device another folder (a load starts from an empty engine)");
        }
      }
    }
    Files.createDirectories(folder);
    Files.createFile(mark);
  }
}
