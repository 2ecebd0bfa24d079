package io.github.ycsbstorage.collector;

import java.nio.file.Path;

/** Locates the fake host roots under {@code src/test/resources/fixtures/roots} (read in place). */
public final class Fixtures {
  private Fixtures() {
  }

  public static Path root(String name) {
    return Path.of(System.getProperty("basedir", "."), "src/test/resources/fixtures/roots", name);
  }

  public static HostFiles files(String name) {
    return new HostFiles(root(name));
  }
}
