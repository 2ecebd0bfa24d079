package io.github.ycsbstorage.workload;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.generator.ZipfianGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * The exact mean field length that YCSB 0.17.0's {@code CoreWorkload} generates for its
 * {@code fieldlengthdistribution}: the expectation of the generator's own {@code nextValue()}, not of
 * an idealised distribution (YCSB's zipfian generator uses Gray et al.'s approximation and its
 * histogram generator is off by one bucket; both are followed here). Stateless and thread-safe.
 */
final class FieldLengthMean {
  private static final String ACCEPTED = "constant, uniform, zipfian or histogram";

  private FieldLengthMean() {
  }

  /** The mean length in bytes of one field for these properties. */
  static double of(Properties properties) {
    var reader = new PropertyReader(properties);
    var distribution = reader.string(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY,
        CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT);
    int length = reader.integer(CoreWorkload.FIELD_LENGTH_PROPERTY, 100, 0, Integer.MAX_VALUE);
    int min = reader.integer(CoreWorkload.MIN_FIELD_LENGTH_PROPERTY, 1, 0, Integer.MAX_VALUE);
    return switch (distribution) {
      case "constant" -> length;
      case "uniform" -> uniform(min, length);
      case "zipfian" -> zipfian(min, length);
      case "histogram" -> histogram(reader.string(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY,
          CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT));
      default -> throw new InvalidPropertyException(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY,
          distribution, ACCEPTED);
    };
  }

  /** {@code UniformLongGenerator(min, max)}: every value in [min, max] alike. */
  static double uniform(long min, long max) {
    Check.input(max >= min, CoreWorkload.FIELD_LENGTH_PROPERTY, Long.toString(max),
        "a length ≥ minfieldlength (" + min + ") for the uniform distribution");
    return (min + max) / 2.0;
  }

  /**
   * {@code ZipfianGenerator(min, max)} with YCSB's constant 0.99. For a uniform u in [0, 1) it returns
   * min when u·ζ(n) &lt; 1, min + 1 when u·ζ(n) &lt; 1 + 0.5^θ, else min + ⌊n·(ηu − η + 1)^α⌋. The mean
   * of the floor is Σ_k P(value ≥ k), and each of those probabilities is an interval of u.
   */
  static double zipfian(long min, long max) {
    Check.input(max >= min, CoreWorkload.FIELD_LENGTH_PROPERTY, Long.toString(max),
        "a length ≥ minfieldlength (" + min + ") for the zipfian distribution");
    long items = max - min + 1;
    double theta = ZipfianGenerator.ZIPFIAN_CONSTANT;
    double zetan = 0;
    for (long i = 0; i < items; i++) {
      zetan += 1 / Math.pow(i + 1, theta);
    }
    double zeta2 = 1 + 1 / Math.pow(2, theta);
    double eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetan);
    double zero = Math.min(1, 1 / zetan);
    double one = Math.min(1, (1 + Math.pow(0.5, theta)) / zetan);
    double offset = one - zero;
    for (long k = 1; k < items; k++) {
      // u from which n·(ηu − η + 1)^α ≥ k
      double from = 1 - (1 - Math.pow((double) k / items, 1 - theta)) / eta;
      offset += Math.max(0, 1 - Math.max(one, from));
    }
    return min + offset;
  }

  /** {@code HistogramGenerator(file)}: "BlockSize\tB" then "bucket\tcount" lines. */
  static double histogram(String file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InvalidPropertyException(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, file,
          "a readable histogram file", e.toString());
    }
    try {
      var header = lines.isEmpty() ? new String[0] : lines.get(0).split("\t");
      if (header.length < 2 || !header[0].equals("BlockSize")) {
        throw new IllegalArgumentException("the first line is not BlockSize<TAB>n");
      }
      long blockSize = Integer.parseInt(header[1]);
      var buckets = new ArrayList<Long>();
      for (var line : lines.subList(1, lines.size())) {
        var cells = line.split("\t");
        buckets.add(Integer.parseInt(cells[0]), (long) Integer.parseInt(cells[1]));
      }
      return histogram(buckets.stream().mapToLong(Long::longValue).toArray(), blockSize);
    } catch (RuntimeException e) {
      throw new InvalidPropertyException(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, file,
          "a histogram file as YCSB's HistogramGenerator reads it", e.getMessage());
    }
  }

  /**
   * The generator draws r uniformly from [0, area) and returns (i + 1)·blockSize for the first bucket
   * i (not the last) whose cumulative count reaches r, else (buckets − 1)·blockSize.
   */
  static double histogram(long[] buckets, long blockSize) {
    long area = 0;
    for (long count : buckets) {
      area += count;
    }
    if (area <= 0) {
      throw new IllegalArgumentException("the histogram holds no counts");
    }
    long last = area - 1;
    long assigned = 0;
    double total = 0;
    long cumulative = 0;
    for (int i = 0; i < buckets.length - 1; i++) {
      long previous = cumulative;
      cumulative += buckets[i];
      long upTo = Math.min(cumulative, last);
      long draws = i == 0 ? upTo + 1 : Math.max(0, upTo - previous);
      assigned += draws;
      total += (double) draws * (i + 1) * blockSize;
    }
    total += (double) (area - assigned) * (buckets.length - 1) * blockSize;
    return total / area;
  }
}
