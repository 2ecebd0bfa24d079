package io.github.ycsbstorage.cli;

import static io.github.ycsbstorage.testkit.TestProperties.properties;
import static io.github.ycsbstorage.testkit.TestProperties.with;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.testkit.FuzzInputs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random strings (fixed seeds) as every YCSB core property a run reads, through the whole input check:
 * each is accepted or refused with an {@link InvalidPropertyException} naming it, never with an
 * exception that would reach the user as a stack trace. YCSB itself is not started: that a value the
 * check accepts also works in YCSB is what the end-to-end tests show.
 */
class YcsbCorePropertiesFuzzTest {
  @TempDir
  Path dir;

  @Test
  void everyCorePropertyAcceptsOrRefusesByName() {
    var base = properties("workload", "site.ycsb.workloads.CoreWorkload", "recordcount", "1000",
        "operationcount", "1000");
    var examples = new TreeMap<String, List<String>>(Map.of(
        "recordcount", List.of("1000", " 20"), "operationcount", List.of("0", "20 "), "insertcount", List.of("100"),
        "insertstart", List.of("0", "900"), "threadcount", List.of("4"), "target", List.of("0", "100"),
        "fieldcount", List.of("10", "1"), "fieldlength", List.of("100"), "maxscanlength", List.of("100"),
        "maxexecutiontime", List.of("60")));
    examples.putAll(Map.of("readproportion", List.of("0.5", "1", "0"), "hotspotdatafraction", List.of("0.2"),
        "hotspotopnfraction", List.of("0.8", "1"), "exponential.percentile", List.of("95"),
        "requestdistribution", List.of("zipfian", "latest"), "fieldlengthdistribution", List.of("constant", "zipfian"),
        "scanlengthdistribution", List.of("uniform"), "measurementtype", List.of("hdrhistogram", "timeseries"),
        "measurement.interval", List.of("op", "both"), "readallfields", List.of("true", "FALSE")));
    examples.putAll(Map.of("hdrhistogram.percentiles", List.of("95,99", "50,99.9,99.99"),
        "histogram.buckets", List.of("1000"), "timeseries.granularity", List.of("1000"),
        "table", List.of("usertable"), "exportfile", List.of(dir.resolve("export.txt").toString()),
        "workload", List.of("site.ycsb.workloads.CoreWorkload"), "insertorder", List.of("hashed", "ordered"),
        "status.interval", List.of("10"), "zeropadding", List.of("1", "12"), "minscanlength", List.of("1")));
    for (var entry : examples.entrySet()) {
      var key = entry.getKey();
      FuzzInputs.check(key, entry.getValue(), value -> {
        try {
          InputCheck.check(with((Properties) base.clone(), key, value), ClientArguments.Command.RUN);
        } catch (InvalidPropertyException e) {
          assertTrue(e.getMessage().contains("accepted: "), e.getMessage());
          throw e;
        }
      }, InvalidPropertyException.class);
    }
  }
}
