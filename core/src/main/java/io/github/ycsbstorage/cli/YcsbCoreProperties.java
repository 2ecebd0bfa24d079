package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.util.List;
import java.util.Properties;

/**
 * Checks the values of YCSB 0.17.0's own properties that {@code site.ycsb.Client} and
 * {@code CoreWorkload} would otherwise misread: a non-numeric {@code recordcount} makes YCSB print a
 * stack trace and exit 0, a negative {@code operationcount} runs forever, a negative {@code target}
 * is taken as "unthrottled". Also checks that every output file can be written ({@link OutputPaths}),
 * so that a run never ends without its result. Stateless.
 */
final class YcsbCoreProperties {
  /** Whole-number properties that YCSB parses as {@code int}, with their smallest accepted value. */
  private record Count(String key, long min) {
  }

  private static final List<Count> COUNTS = List.of(
      new Count("recordcount", 0), new Count("operationcount", 0), new Count("insertcount", 0),
      new Count("insertstart", 0), new Count("threadcount", 1), new Count("target", 0),
      new Count("fieldcount", 1), new Count("fieldlength", 1), new Count("minfieldlength", 1),
      new Count("maxscanlength", 1), new Count("maxexecutiontime", 0), new Count("status.interval", 1),
      new Count("zeropadding", 1));

  private static final List<String> PROPORTIONS = List.of("readproportion", "updateproportion",
      "insertproportion", "scanproportion", "readmodifywriteproportion");

  private YcsbCoreProperties() {
  }

  /**
   * @throws InvalidPropertyException naming the first bad property
   */
  static void validate(Properties properties) {
    var reader = new PropertyReader(properties);
    for (var count : COUNTS) {
      reader.longValue(count.key(), count.min(), count.min(), Integer.MAX_VALUE);
    }
    for (var key : PROPORTIONS) {
      double proportion = reader.decimal(key, 0);
      if (proportion < 0 || proportion > 1) {
        throw new InvalidPropertyException(key, properties.getProperty(key), "a decimal number from 0 to 1");
      }
    }
    OutputPaths.checkPhaseOutputs(properties);
  }
}
