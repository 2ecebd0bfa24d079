package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The properties of YCSB 0.17.0's core ({@code Client}, {@code CoreWorkload}, {@code Measurements},
 * {@code DBWrapper}, {@code BasicDB}) and what each accepts, checked the way YCSB parses them: YCSB
 * compares names case-sensitively, parses numbers without trimming, takes any word but "true" as
 * false, and answers a bad value with a stack trace and exit 0, a division by zero in a client thread,
 * or a run that never ends. Also the relations YCSB only finds out during a run (no operation with a
 * non-zero proportion, a load range beyond {@code recordcount}, a hot set out of range) and the output
 * files, so that a run never ends without its result. Stateless.
 */
final class YcsbCoreProperties {
  /** A whole number that YCSB parses as {@code int}, with its smallest accepted value. */
  private record Count(String key, long min) {
  }

  /** A decimal number in {@code [min, max]} (or {@code (min, max)} when open). */
  private record Fraction(String key, double min, double max, boolean open) {
    String accepted() {
      return open ? "a decimal number greater than " + format(min) + " and less than " + format(max)
          : "a decimal number from " + format(min) + " to " + format(max);
    }

    private static String format(double value) {
      return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
  }

  private static final List<Count> COUNTS = List.of(
      new Count("recordcount", 0), new Count("operationcount", 0), new Count("insertcount", 0),
      new Count("insertstart", 0), new Count("threadcount", 1), new Count("target", 0),
      new Count("fieldcount", 1), new Count("fieldlength", 1), new Count("minfieldlength", 1),
      new Count("minscanlength", 1), new Count("maxscanlength", 1), new Count("maxexecutiontime", 0),
      new Count("status.interval", 1), new Count("zeropadding", 1), new Count("histogram.buckets", 1),
      new Count("timeseries.granularity", 1), new Count("core_workload_insertion_retry_limit", 0),
      new Count("core_workload_insertion_retry_interval", 0), new Count("basicdb.simulatedelay", 0));

  /** The counts that number records, which the storage-aware workload's dataset sizes take beyond an int. */
  private static final Set<String> RECORD_KEYS = Set.of("recordcount", "insertcount", "insertstart");

  static final List<String> PROPORTIONS = List.of("readproportion", "updateproportion",
      "insertproportion", "scanproportion", "readmodifywriteproportion");
  /** CoreWorkload's defaults for the proportions not given. */
  private static final Map<String, Double> DEFAULT_PROPORTIONS = Map.of("readproportion", 0.95,
      "updateproportion", 0.05);

  private static final List<Fraction> FRACTIONS = List.of(
      // a hot set of 0 or all records divides by zero in HotspotIntegerGenerator
      new Fraction("hotspotdatafraction", 0, 1, true), new Fraction("hotspotopnfraction", 0, 1, false),
      new Fraction("exponential.percentile", 0, 100, true), new Fraction("exponential.frac", 0, 1, false));

  /** Names YCSB compares exactly (case-sensitive), in the order YCSB's source lists them. */
  private static final Map<String, List<String>> CHOICES = choices();

  private static final List<String> BOOLEANS = List.of("dotransactions", "readallfields", "writeallfields",
      "dataintegrity", "measurement.trackjvm", "hdrhistogram.fileoutput", "measurement.raw.no_summary",
      "reportlatencyforeacherror", "measurement.histogram.verbose", "basicdb.verbose", "basicdb.count",
      "basicdb.randomizedelay");

  /** Classes YCSB loads by name, and the type each must have. */
  private static final Map<String, String> CLASSES = Map.of("workload", "site.ycsb.Workload",
      "db", "site.ycsb.DB", "exporter", "site.ycsb.measurements.exporter.MeasurementsExporter");

  /** Text YCSB uses as given, which must not be empty, and what it names. */
  private static final Map<String, String> TEXTS = Map.of("table", "a table name", "fieldnameprefix",
      "a prefix for field names", "exportfile", "a file in a writable folder", "fieldlengthhistogram",
      "a histogram file");

  /** Keys YCSB reads whose empty value means something (no label, standard output, the working folder). */
  private static final List<String> MAY_BE_EMPTY = List.of("label", "latencytrackederrors", "hdrhistogram.output.path",
      "measurement.raw.output_file", "debug", "spin.sleep", "status");

  /** Every key YCSB 0.17.0's core reads (CoreWorkload, Client, measurements, DBWrapper, BasicDB). */
  static final Set<String> KEYS = keys();

  private YcsbCoreProperties() {
  }

  private static Map<String, List<String>> choices() {
    var choices = new LinkedHashMap<String, List<String>>();
    choices.put("requestdistribution", List.of("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential"));
    choices.put("fieldlengthdistribution", List.of("constant", "uniform", "zipfian", "histogram"));
    choices.put("scanlengthdistribution", List.of("uniform", "zipfian"));
    choices.put("insertorder", List.of("hashed", "ordered"));
    choices.put("measurementtype", List.of("hdrhistogram", "histogram", "hdrhistogram+histogram",
        "hdrhistogram+raw", "timeseries", "raw"));
    choices.put("measurement.interval", List.of("op", "intended", "both"));
    return Map.copyOf(choices);
  }

  private static Set<String> keys() {
    var keys = new TreeSet<String>();
    COUNTS.forEach(count -> keys.add(count.key()));
    keys.addAll(PROPORTIONS);
    FRACTIONS.forEach(fraction -> keys.add(fraction.key()));
    keys.addAll(CHOICES.keySet());
    keys.addAll(BOOLEANS);
    keys.addAll(CLASSES.keySet());
    keys.addAll(TEXTS.keySet());
    keys.add("hdrhistogram.percentiles");
    keys.addAll(MAY_BE_EMPTY);
    return Set.copyOf(keys);
  }

  /**
   * @param transactions whether the phase runs the workload's operations ({@code run}), not a load
   * @throws InvalidPropertyException naming the first bad property
   */
  static void validate(Properties properties, boolean transactions) {
    var reader = new PropertyReader(properties);
    for (var key : new TreeSet<>(properties.stringPropertyNames())) {
      if (KEYS.contains(key) && !MAY_BE_EMPTY.contains(key) && properties.getProperty(key).isBlank()) {
        throw new InvalidPropertyException(key, properties.getProperty(key), accepted(key),
            "an empty value (YCSB would not take it as unset)");
      }
    }
    for (var count : COUNTS) {
      long value = reader.longValue(count.key(), count.min(), count.min(), Long.MAX_VALUE);
      if (value > Integer.MAX_VALUE) {
        // YCSB 0.17.0's Client and CoreWorkload parse these with Integer.parseInt
        throw new InvalidPropertyException(count.key(), properties.getProperty(count.key()).trim(),
            "a whole number from " + count.min() + " to 2,147,483,647", "YCSB 0.17.0 counts it in a 32-bit int"
                + (RECORD_KEYS.contains(count.key()) ? "; for more records give the storage-aware workload a "
                + "dataset size (storage.dataset.size or storage.dataset.ratio): it numbers keys in 64 bits" : ""));
      }
    }
    for (var key : PROPORTIONS) {
      fraction(reader, new Fraction(key, 0, 1, false));
    }
    FRACTIONS.forEach(fraction -> fraction(reader, fraction));
    CHOICES.forEach((key, names) -> reader.string(key).filter(value -> !names.contains(value)).ifPresent(value -> {
      throw new InvalidPropertyException(key, value, String.join(", ", names));
    }));
    // the one boolean parser of ours: YCSB's Boolean.parseBoolean would read any other word as false
    BOOLEANS.forEach(key -> reader.string(key).ifPresent(value -> PropertyReader.parseBoolean(key, value)));
    CLASSES.forEach((key, type) -> reader.string(key).ifPresent(name -> checkClass(key, name, type)));
    if (reader.string("workload").isEmpty()) {
      throw new InvalidPropertyException("workload", null,
          "a workload class, usually from a workload file: -P workloads/workloada");
    }
    reader.string("hdrhistogram.percentiles").ifPresent(YcsbCoreProperties::checkPercentiles);
    checkRelations(properties, reader, transactions);
    OutputPaths.checkPhaseOutputs(properties);
  }

  private static String accepted(String key) {
    if (CHOICES.containsKey(key)) {
      return String.join(", ", CHOICES.get(key));
    }
    if (CLASSES.containsKey(key)) {
      return "a class implementing " + CLASSES.get(key);
    }
    if (TEXTS.containsKey(key)) {
      return TEXTS.get(key);
    }
    if (BOOLEANS.contains(key)) {
      return PropertyReader.BOOLEAN;
    }
    return COUNTS.stream().filter(count -> count.key().equals(key)).findFirst()
        .map(count -> "a whole number ≥ " + count.min())
        .or(() -> PROPORTIONS.contains(key) ? Optional.of("a decimal number from 0 to 1") : Optional.empty())
        .orElse("a value, or no such line for YCSB's default");
  }

  private static double fraction(PropertyReader reader, Fraction fraction) {
    var text = reader.string(fraction.key());
    if (text.isEmpty()) {
      return Double.NaN;
    }
    double value;
    try {
      value = Double.parseDouble(text.get());
    } catch (NumberFormatException e) {
      throw new InvalidPropertyException(fraction.key(), text.get(), fraction.accepted());
    }
    boolean inside = fraction.open() ? value > fraction.min() && value < fraction.max()
        : value >= fraction.min() && value <= fraction.max();
    if (!inside) {
      throw new InvalidPropertyException(fraction.key(), text.get(), fraction.accepted());
    }
    return value;
  }

  private static void checkClass(String key, String name, String type) {
    var loader = YcsbCoreProperties.class.getClassLoader();
    try {
      var wanted = Class.forName(type, false, loader);
      var given = Class.forName(name, false, loader);
      if (!wanted.isAssignableFrom(given)) {
        throw new InvalidPropertyException(key, name, "a class implementing " + type, "it is not a " + type);
      }
    } catch (ClassNotFoundException | LinkageError e) {
      throw new InvalidPropertyException(key, name, "a class implementing " + type + " on the classpath",
          "no such class (add its jar with -cp)");
    }
  }

  private static void checkPercentiles(String list) {
    var accepted = "comma-separated percentiles from 0 to 100, e.g. 95,99,99.9";
    for (var item : list.split(",", -1)) {
      try {
        double percentile = Double.parseDouble(item.trim());
        if (percentile >= 0 && percentile <= 100) {
          continue;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new InvalidPropertyException("hdrhistogram.percentiles", list, accepted,
          "'" + item.trim() + "' is not a percentile");
    }
  }

  private static void checkRelations(Properties properties, PropertyReader reader, boolean transactions) {
    if (!coreWorkload(reader.string("workload").orElseThrow())) {
      return; // another workload reads these properties its own way, or not at all
    }
    if (transactions) {
      var sum = PROPORTIONS.stream()
          .mapToDouble(key -> reader.decimal(key, DEFAULT_PROPORTIONS.getOrDefault(key, 0.0))).sum();
      if (sum <= 0) {
        throw new InvalidPropertyException("readproportion", reader.string("readproportion").orElse("0"),
            "at least one operation proportion above 0 (" + String.join(", ", PROPORTIONS) + ")",
            "every proportion is 0: the run would have no operation to choose");
      }
    }
    long min = reader.longValue("minfieldlength", 1, 1, Integer.MAX_VALUE);
    long max = reader.longValue("fieldlength", 100, 1, Integer.MAX_VALUE);
    if (min > max && !reader.string("fieldlengthdistribution", "constant").equals("constant")) {
      throw new InvalidPropertyException("minfieldlength", Long.toString(min), "at most fieldlength (" + max + ")");
    }
    if (reader.longValue("minscanlength", 1, 1, Integer.MAX_VALUE) > reader.longValue("maxscanlength", 1000, 1,
        Integer.MAX_VALUE)) {
      throw new InvalidPropertyException("minscanlength", reader.string("minscanlength").orElseThrow(),
          "at most maxscanlength (" + reader.string("maxscanlength", "1000") + ")");
    }
    if (reader.string("dataintegrity").map(Boolean::parseBoolean).orElse(false)
        && !reader.string("fieldlengthdistribution", "constant").equals("constant")) {
      throw new InvalidPropertyException("dataintegrity", "true", "true only with fieldlengthdistribution=constant",
          "YCSB checks data integrity only for fields of one length");
    }
    if (reader.string("fieldlengthdistribution").filter("histogram"::equals).isPresent()) {
      var histogram = reader.string("fieldlengthhistogram", "hist.txt");
      var path = PropertyReader.parsePath("fieldlengthhistogram", histogram);
      var accepted = "a readable histogram file when fieldlengthdistribution=histogram";
      if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
        throw new InvalidPropertyException("fieldlengthhistogram", histogram, accepted, "no such readable file");
      }
      try {
        new site.ycsb.generator.HistogramGenerator(path.toString()); // read as YCSB will read it
      } catch (IOException | RuntimeException e) {
        throw new InvalidPropertyException("fieldlengthhistogram", histogram,
            accepted + " (a line 'BlockSize<TAB>n', then 'bucket<TAB>count' lines)", "YCSB cannot read it (" + e.getClass().getSimpleName() + ")");
      }
    }
    checkInsertRange(properties, reader);
  }

  /** The records a load inserts, insertstart to insertstart + insertcount, must lie within recordcount. */
  private static void checkInsertRange(Properties properties, PropertyReader reader) {
    if (reader.string("storage.dataset.ratio").isPresent() || reader.string("storage.dataset.size").isPresent()) {
      return; // the storage-aware workload computes recordcount and checks its own range
    }
    long records = reader.longValue("recordcount", 0, 0, Integer.MAX_VALUE);
    long start = reader.longValue("insertstart", 0, 0, Integer.MAX_VALUE);
    var count = reader.string("insertcount");
    long end = start + count.map(Long::parseLong).orElse(0L);
    if (end > records) {
      var key = count.isPresent() ? "insertcount" : "insertstart";
      throw new InvalidPropertyException(key, properties.getProperty(key).trim(),
          "insertstart + insertcount ≤ recordcount (" + records + ")", count.isPresent()
              ? "records " + start + " to " + (end - 1) + " lie beyond recordcount"
              : "the first record lies beyond recordcount");
    }
  }

  private static boolean coreWorkload(String workload) {
    try {
      return site.ycsb.workloads.CoreWorkload.class.isAssignableFrom(
          Class.forName(workload, false, YcsbCoreProperties.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
