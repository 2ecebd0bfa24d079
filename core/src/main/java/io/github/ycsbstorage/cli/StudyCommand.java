package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.NamespaceValidator;
import io.github.ycsbstorage.study.StudyDefinition;
import io.github.ycsbstorage.study.StudyRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/ycsb study <file> [--force]}: runs every cell of a study file not yet complete. */
@Command(name = "study", mixinStandardHelpOptions = true,
    description = "Run a storage study (docs/study.md); completed cells are skipped.")
final class StudyCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the study file (properties)")
  Path file;

  @Option(names = "--force", description = "redo cells whose result exists")
  boolean force;

  @Override
  public Integer call() throws Exception {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new InvalidPropertyException("FILE", file.toString(), "a readable study file (properties)",
          Files.exists(file) ? "not a readable file" : "no such file");
    }
    NamespaceValidator.discover(getClass().getClassLoader()).validate(StudyDefinition.read(file));
    var home = Home.locate();
    var study = StudyDefinition.load(file, home);
    new StudyRunner(study, home, System.out).run(force);
    return 0;
  }
}
