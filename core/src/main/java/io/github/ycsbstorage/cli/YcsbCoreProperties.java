package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.workload.StorageSettings;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import site.ycsb.BasicDB;
import site.ycsb.Client;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.HistogramGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementRaw;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.workloads.CoreWorkload;

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

  /** The counts that number records, which the storage-aware workload's dataset sizes take beyond an int. */
  private static final Set<String> RECORD_KEYS = Set.of(Client.RECORD_COUNT_PROPERTY, Client.INSERT_COUNT_PROPERTY,
      Workload.INSERT_START_PROPERTY);

  /** The operation proportions and CoreWorkload's default of each. */
  private static final Map<String, String> PROPORTIONS = proportions();

  private static final List<Fraction> FRACTIONS = List.of(
      // a hot set of 0 or all records divides by zero in HotspotIntegerGenerator
      new Fraction(CoreWorkload.HOTSPOT_DATA_FRACTION, 0, 1, true),
      new Fraction(CoreWorkload.HOTSPOT_OPN_FRACTION, 0, 1, false),
      new Fraction(ExponentialGenerator.EXPONENTIAL_PERCENTILE_PROPERTY, 0, 100, true),
      new Fraction(ExponentialGenerator.EXPONENTIAL_FRAC_PROPERTY, 0, 1, false));

  /** Names YCSB compares exactly (case-sensitive), in the order YCSB's source lists them. */
  private static final Map<String, List<String>> CHOICES = choices();

  private static final List<String> BOOLEANS = List.of(Client.DO_TRANSACTIONS_PROPERTY,
      CoreWorkload.READ_ALL_FIELDS_PROPERTY, CoreWorkload.WRITE_ALL_FIELDS_PROPERTY, CoreWorkload.DATA_INTEGRITY_PROPERTY,
      Measurements.MEASUREMENT_TRACK_JVM_PROPERTY, YcsbSettings.HDRHISTOGRAM_FILE_OUTPUT,
      OneMeasurementRaw.NO_SUMMARY_STATS, YcsbSettings.REPORT_LATENCY_FOR_EACH_ERROR, OneMeasurementHistogram.VERBOSE_PROPERTY,
      BasicDB.VERBOSE, BasicDB.COUNT, BasicDB.RANDOMIZE_DELAY);

  /** Classes YCSB loads by name, and the type each must have. */
  private static final Map<String, String> CLASSES = Map.of(Client.WORKLOAD_PROPERTY, Workload.class.getName(),
      Client.DB_PROPERTY, DB.class.getName(), Client.EXPORTER_PROPERTY, MeasurementsExporter.class.getName());

  /** Text YCSB uses as given, which must not be empty, and what it names. */
  private static final Map<String, String> TEXTS = Map.of(CoreWorkload.TABLENAME_PROPERTY, "a table name",
      CoreWorkload.FIELD_NAME_PREFIX, "a prefix for field names", Client.EXPORT_FILE_PROPERTY,
      "a file in a writable folder", CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, "a histogram file");

  /** Keys YCSB reads whose empty value means something (no label, standard output, the working folder). */
  private static final List<String> MAY_BE_EMPTY = List.of(Client.LABEL_PROPERTY, YcsbSettings.LATENCY_TRACKED_ERRORS,
      YcsbSettings.HDRHISTOGRAM_OUTPUT_PATH, OneMeasurementRaw.OUTPUT_FILE_PATH, YcsbSettings.DEBUG, YcsbSettings.SPIN_SLEEP,
      Client.STATUS_PROPERTY);

  /** Every key YCSB 0.17.0's core reads (CoreWorkload, Client, measurements, DBWrapper, BasicDB). */
  static final Set<String> KEYS = keys();

  private YcsbCoreProperties() {
  }

  private static Map<String, String> proportions() {
    var proportions = new LinkedHashMap<String, String>();
    proportions.put(CoreWorkload.READ_PROPORTION_PROPERTY, CoreWorkload.READ_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.UPDATE_PROPORTION_PROPERTY, CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.INSERT_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.SCAN_PROPORTION_PROPERTY, CoreWorkload.SCAN_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY,
        CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT);
    return Collections.unmodifiableMap(proportions);
  }

  private static Map<String, List<String>> choices() {
    var choices = new LinkedHashMap<String, List<String>>();
    choices.put(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, List.of("uniform", "zipfian", "latest", "hotspot", "sequential", "exponential"));
    choices.put(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY, List.of("constant", "uniform", "zipfian", "histogram"));
    choices.put(CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY, List.of("uniform", "zipfian"));
    choices.put(CoreWorkload.INSERT_ORDER_PROPERTY, List.of("hashed", "ordered"));
    choices.put(Measurements.MEASUREMENT_TYPE_PROPERTY, List.of("hdrhistogram", "histogram", "hdrhistogram+histogram",
        "hdrhistogram+raw", "timeseries", "raw"));
    choices.put(Measurements.MEASUREMENT_INTERVAL, List.of("op", "intended", "both"));
    return Map.copyOf(choices);
  }

  private static Set<String> keys() {
    var keys = new TreeSet<String>();
    keys.addAll(YcsbSettings.COUNTS.keySet());
    keys.addAll(PROPORTIONS.keySet());
    FRACTIONS.forEach(fraction -> keys.add(fraction.key()));
    keys.addAll(CHOICES.keySet());
    keys.addAll(BOOLEANS);
    keys.addAll(CLASSES.keySet());
    keys.addAll(TEXTS.keySet());
    keys.add(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY);
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
      Check.input(!KEYS.contains(key) || MAY_BE_EMPTY.contains(key) || !properties.getProperty(key).isBlank(),
          key, properties.getProperty(key), accepted(key),
          "an empty value (YCSB would not take it as unset)");
    }
    YcsbSettings.COUNTS.forEach((key, min) -> {
      long value = reader.longValue(key, min, min, Long.MAX_VALUE);
      if (value > Integer.MAX_VALUE) {
        // YCSB 0.17.0's Client and CoreWorkload parse these with Integer.parseInt
        throw new InvalidPropertyException(key, properties.getProperty(key).trim(),
            "a whole number from " + min + " to 2,147,483,647", "YCSB 0.17.0 counts it in a 32-bit int"
                + (RECORD_KEYS.contains(key) ? "; for more records give the storage-aware workload a "
                + "dataset size (storage.dataset.size or storage.dataset.ratio): it numbers keys in 64 bits" : ""));
      }
    });
    for (var key : PROPORTIONS.keySet()) {
      fraction(reader, new Fraction(key, 0, 1, false));
    }
    FRACTIONS.forEach(fraction -> fraction(reader, fraction));
    CHOICES.forEach((key, names) -> reader.string(key).filter(value -> !names.contains(value)).ifPresent(value -> {
      throw new InvalidPropertyException(key, value, String.join(", ", names));
    }));
    // the one boolean parser of ours: YCSB's Boolean.parseBoolean would read any other word as false
    BOOLEANS.forEach(key -> reader.string(key).ifPresent(value -> PropertyReader.parseBoolean(key, value)));
    CLASSES.forEach((key, type) -> reader.string(key).ifPresent(name -> checkClass(key, name, type)));
    Check.input(reader.string(Client.WORKLOAD_PROPERTY).isPresent(), Client.WORKLOAD_PROPERTY, null,
        "a workload class, usually from a workload file: -P workloads/workloada");
    reader.string(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY).ifPresent(YcsbCoreProperties::checkPercentiles);
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
    return Optional.ofNullable(YcsbSettings.COUNTS.get(key)).map(min -> "a whole number ≥ " + min)
        .or(() -> PROPORTIONS.containsKey(key) ? Optional.of("a decimal number from 0 to 1") : Optional.empty())
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
      Check.input(wanted.isAssignableFrom(given), key, name, "a class implementing " + type, "it is not a " + type);
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
      throw new InvalidPropertyException(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY, list, accepted,
          "'" + item.trim() + "' is not a percentile");
    }
  }

  private static void checkRelations(Properties properties, PropertyReader reader, boolean transactions) {
    if (!coreWorkload(reader.string(Client.WORKLOAD_PROPERTY).orElseThrow())) {
      return; // another workload reads these properties its own way, or not at all
    }
    if (transactions) {
      var sum = PROPORTIONS.entrySet().stream()
          .mapToDouble(p -> reader.decimal(p.getKey(), Double.parseDouble(p.getValue()))).sum();
      if (sum <= 0) {
        var read = CoreWorkload.READ_PROPORTION_PROPERTY;
        throw new InvalidPropertyException(read, reader.string(read).orElse("0"),
            "at least one operation proportion above 0 (" + String.join(", ", PROPORTIONS.keySet()) + ")",
            "every proportion is 0: the run would have no operation to choose");
      }
    }
    var constantLength = reader.string(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY,
        CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT).equals("constant");
    long min = count(reader, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY_DEFAULT);
    long max = YcsbSettings.from(properties).fieldLength();
    Check.input(min <= max || constantLength, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY, Long.toString(min),
        "at most fieldlength (" + max + ")");
    if (count(reader, CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, CoreWorkload.MIN_SCAN_LENGTH_PROPERTY_DEFAULT)
        > count(reader, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY_DEFAULT)) {
      throw new InvalidPropertyException(CoreWorkload.MIN_SCAN_LENGTH_PROPERTY,
          reader.string(CoreWorkload.MIN_SCAN_LENGTH_PROPERTY).orElseThrow(), "at most maxscanlength ("
          + reader.string(CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY_DEFAULT) + ")");
    }
    if (reader.string(CoreWorkload.DATA_INTEGRITY_PROPERTY).map(Boolean::parseBoolean).orElse(false)
        && !constantLength) {
      throw new InvalidPropertyException(CoreWorkload.DATA_INTEGRITY_PROPERTY, "true",
          "true only with fieldlengthdistribution=constant", "YCSB checks data integrity only for fields of one length");
    }
    if (reader.string(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY).filter("histogram"::equals).isPresent()) {
      var key = CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY;
      var histogram = reader.string(key, CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT);
      var path = PropertyReader.parsePath(key, histogram);
      var accepted = "a readable histogram file when fieldlengthdistribution=histogram";
      Check.input(Files.isRegularFile(path) && Files.isReadable(path),
          key, histogram, accepted, "no such readable file");
      try {
        new HistogramGenerator(path.toString()); // read as YCSB will read it
      } catch (IOException | RuntimeException e) {
        throw new InvalidPropertyException(key, histogram,
            accepted + " (a line 'BlockSize<TAB>n', then 'bucket<TAB>count' lines)", "YCSB cannot read it (" + e.getClass().getSimpleName() + ")");
      }
    }
    checkInsertRange(properties, reader);
  }

  /** A count already checked to be within its range ({@link YcsbSettings#COUNTS}), or YCSB's default. */
  private static long count(PropertyReader reader, String key, String defaultValue) {
    return Long.parseLong(reader.string(key, defaultValue));
  }

  /** The records a load inserts, insertstart to insertstart + insertcount, must lie within recordcount. */
  private static void checkInsertRange(Properties properties, PropertyReader reader) {
    if (reader.string(StorageSettings.RATIO).isPresent() || reader.string(StorageSettings.SIZE).isPresent()) {
      return; // the storage-aware workload computes recordcount and checks its own range
    }
    var ycsb = YcsbSettings.from(properties);
    long records = ycsb.recordCount();
    long start = ycsb.insertStart();
    long end = start + ycsb.insertCount().orElse(0L);
    if (end > records) {
      var key = ycsb.insertCount().isPresent() ? Client.INSERT_COUNT_PROPERTY : Workload.INSERT_START_PROPERTY;
      throw new InvalidPropertyException(key, properties.getProperty(key).trim(),
          "insertstart + insertcount ≤ recordcount (" + records + ")", ycsb.insertCount().isPresent()
              ? "records " + start + " to " + (end - 1) + " lie beyond recordcount"
              : "the first record lies beyond recordcount");
    }
  }

  private static boolean coreWorkload(String workload) {
    try {
      return CoreWorkload.class.isAssignableFrom(
          Class.forName(workload, false, YcsbCoreProperties.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
