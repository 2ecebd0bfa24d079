package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbstorage.config.InvalidPropertyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.generator.HistogramGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ZipfianGenerator;

class FieldLengthMeanTest {

  private static double mean(String... pairs) {
    var properties = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      properties.setProperty(pairs[i], pairs[i + 1]);
    }
    return FieldLengthMean.of(properties);
  }

  /** Mean of many draws, and the bound within which an exact mean must lie (5 standard errors). */
  private static double[] sampled(NumberGenerator generator, int draws) {
    double sum = 0;
    double squares = 0;
    for (int i = 0; i < draws; i++) {
      double value = generator.nextValue().doubleValue();
      sum += value;
      squares += value * value;
    }
    double mean = sum / draws;
    double deviation = Math.sqrt(squares / draws - mean * mean);
    return new double[] {mean, 5 * deviation / Math.sqrt(draws)};
  }

  @Test
  void constantIsTheFieldLength() {
    assertEquals(100.0, mean());
    assertEquals(1000.0, mean("fieldlength", "1000"));
  }

  @Test
  void uniformIsTheMidpointOfMinAndLength() {
    assertEquals(50.5, mean("fieldlengthdistribution", "uniform"));
    assertEquals(55.0, mean("fieldlengthdistribution", "uniform", "minfieldlength", "10"));
  }

  @Test
  void zipfianFollowsYcsbsGenerator() {
    assertEquals(7.0, FieldLengthMean.zipfian(7, 7));
    double exact = FieldLengthMean.zipfian(1, 100);
    var sample = sampled(new ZipfianGenerator(1, 100), 2_000_000);
    assertEquals(sample[0], exact, sample[1]);
    // far below the midpoint 50.5: most draws are the smallest lengths
    assertEquals(true, exact < 20, "zipfian mean " + exact);
  }

  @Test
  void histogramFollowsYcsbsGeneratorIncludingItsBucketOffset(@TempDir Path dir) throws Exception {
    // draws 0..4: draw 0 → bucket 0 (10 B), draws 1-2 → 20 B, draws 3-4 → last bucket index 2 → 20 B
    assertEquals(18.0, FieldLengthMean.histogram(new long[] {0, 2, 3}, 10));
    var file = Files.writeString(dir.resolve("hist.txt"), "BlockSize\t100\n0\t5\n1\t10\n2\t30\n3\t5\n");
    double exact = mean("fieldlengthdistribution", "histogram", "fieldlengthhistogram", file.toString());
    var sample = sampled(new HistogramGenerator(file.toString()), 1_000_000);
    assertEquals(sample[0], exact, sample[1]);
  }

  @Test
  void unknownDistributionIsRefused() {
    var error = assertThrows(InvalidPropertyException.class, () -> mean("fieldlengthdistribution", "gaussian"));
    assertEquals("fieldlengthdistribution='gaussian' is invalid; accepted: constant, uniform, zipfian or histogram",
        error.getMessage());
  }
}
