package io.github.ycsbstorage.ycsbconfig;

import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import site.ycsb.BasicDB;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.workloads.CoreWorkload;

/**
 * The properties of YCSB 0.17.0's own core that our code reads, typed, with YCSB's defaults, read
 * through YCSB's own key constants ({@link Client}, {@link CoreWorkload}, {@link Workload},
 * {@link Measurements}); the keys YCSB reads without a constant are defined here, once. Also YCSB's
 * rules over them that several components need: what a load inserts ({@link #plannedInserts()}) and
 * the default result file ({@link #defaultResultFile()}). The whole set of YCSB's keys and what each
 * accepts is checked by the launcher before anything runs; a binding in a plain YCSB install gets the
 * same range check here. Immutable.
 *
 * @param workload               the workload class ({@code workload})
 * @param db                     the binding class ({@code db})
 * @param exporter               the measurements exporter class ({@code exporter})
 * @param exportFile             where YCSB writes its output ({@code exportfile}); empty for stdout
 * @param threadCount            client threads ({@code threadcount})
 * @param target                 the target rate in operations per second, 0 for none ({@code target})
 * @param recordCount            records in the dataset ({@code recordcount}; a long for the
 *                               storage-aware workload's 64-bit key numbers)
 * @param insertStart            the first record a load inserts ({@code insertstart})
 * @param insertCount            the records a load inserts, when given ({@code insertcount})
 * @param operationCount         operations of a run, 0 for no limit ({@code operationcount})
 * @param maxExecutionTime       the phase's time limit in seconds, 0 for none ({@code maxexecutiontime})
 * @param transactions           whether the phase runs the workload's operations ({@code dotransactions})
 * @param measurementType        how YCSB measures latency ({@code measurementtype})
 * @param hdrHistogramFileOutput whether YCSB writes HdrHistogram interval logs ({@code hdrhistogram.fileoutput})
 * @param fieldCount             fields per record ({@code fieldcount})
 * @param fieldLength            bytes per field ({@code fieldlength})
 * @param table                  the table name ({@code table})
 * @param fieldNamePrefix        the prefix of field names ({@code fieldnameprefix})
 * @param requestDistribution    the distribution of requested keys ({@code requestdistribution})
 */
public record YcsbSettings(String workload, String db, String exporter, Optional<String> exportFile,
                           int threadCount, long target, long recordCount, long insertStart,
                           OptionalLong insertCount, long operationCount, long maxExecutionTime,
                           boolean transactions, String measurementType, boolean hdrHistogramFileOutput,
                           int fieldCount, int fieldLength, String table, String fieldNamePrefix,
                           String requestDistribution) {
  /** YCSB's {@code OneMeasurementHdrHistogram} reads it without a public constant. */
  public static final String HDRHISTOGRAM_FILE_OUTPUT = "hdrhistogram.fileoutput";
  /** The prefix of YCSB's HdrHistogram log files; YCSB reads it without a public constant. */
  public static final String HDRHISTOGRAM_OUTPUT_PATH = "hdrhistogram.output.path";
  /** The seconds between YCSB's status lines; YCSB's {@code Client} reads it without a constant. */
  public static final String STATUS_INTERVAL = "status.interval";
  /** YCSB's {@code DBWrapper} keys, private constants there. */
  public static final String REPORT_LATENCY_FOR_EACH_ERROR = "reportlatencyforeacherror";
  public static final String LATENCY_TRACKED_ERRORS = "latencytrackederrors";
  /** YCSB's {@code DBWrapper} and {@code Client} keys read without a constant. */
  public static final String DEBUG = "debug";
  public static final String SPIN_SLEEP = "spin.sleep";

  /** The workload a phase without {@code workload} would mean to us (YCSB itself requires the key). */
  public static final String DEFAULT_WORKLOAD = CoreWorkload.class.getName();
  /** YCSB's {@code Client} default binding. */
  public static final String DEFAULT_DB = "site.ycsb.BasicDB";
  /** YCSB's default exporter. */
  public static final String DEFAULT_EXPORTER = "site.ycsb.measurements.exporter.TextMeasurementsExporter";
  /** YCSB's {@code Measurements} default. */
  public static final String DEFAULT_MEASUREMENT_TYPE = "hdrhistogram";
  /** What the result file's name adds to {@code exportfile} when no other name is given. */
  public static final String RESULT_FILE_SUFFIX = ".result.json";

  /**
   * Every whole-number key of YCSB's core and its smallest accepted value; YCSB 0.17.0 parses each
   * as an {@code int}. The one range of each count.
   */
  public static final Map<String, Long> COUNTS = counts();

  private static Map<String, Long> counts() {
    var atLeastOne = Set.of(Client.THREAD_COUNT_PROPERTY, CoreWorkload.FIELD_COUNT_PROPERTY,
        CoreWorkload.FIELD_LENGTH_PROPERTY, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY,
        CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, STATUS_INTERVAL, CoreWorkload.ZERO_PADDING_PROPERTY,
        OneMeasurementHistogram.BUCKETS, OneMeasurementTimeSeries.GRANULARITY);
    var counts = new LinkedHashMap<String, Long>();
    // in the order the launcher checks them
    List.of(Client.RECORD_COUNT_PROPERTY, Client.OPERATION_COUNT_PROPERTY, Client.INSERT_COUNT_PROPERTY,
        Workload.INSERT_START_PROPERTY, Client.THREAD_COUNT_PROPERTY, Client.TARGET_PROPERTY,
        CoreWorkload.FIELD_COUNT_PROPERTY, CoreWorkload.FIELD_LENGTH_PROPERTY, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY,
        CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, Client.MAX_EXECUTION_TIME,
        STATUS_INTERVAL, CoreWorkload.ZERO_PADDING_PROPERTY, OneMeasurementHistogram.BUCKETS,
        OneMeasurementTimeSeries.GRANULARITY, CoreWorkload.INSERTION_RETRY_LIMIT, CoreWorkload.INSERTION_RETRY_INTERVAL,
        BasicDB.SIMULATE_DELAY).forEach(key -> counts.put(key, atLeastOne.contains(key) ? 1L : 0L));
    return Collections.unmodifiableMap(counts);
  }

  /**
   * Reads YCSB's properties as YCSB's core will.
   *
   * @throws InvalidPropertyException naming the first property out of its range
   */
  public static YcsbSettings from(Properties properties) {
    var reader = new PropertyReader(properties);
    return new YcsbSettings(
        reader.string(Client.WORKLOAD_PROPERTY, DEFAULT_WORKLOAD),
        reader.string(Client.DB_PROPERTY, DEFAULT_DB),
        reader.string(Client.EXPORTER_PROPERTY, DEFAULT_EXPORTER),
        reader.string(Client.EXPORT_FILE_PROPERTY),
        (int) count(reader, Client.THREAD_COUNT_PROPERTY, 1, Integer.MAX_VALUE),
        count(reader, Client.TARGET_PROPERTY, 0, Long.MAX_VALUE),
        count(reader, Client.RECORD_COUNT_PROPERTY, Long.parseLong(Client.DEFAULT_RECORD_COUNT), Long.MAX_VALUE),
        count(reader, Workload.INSERT_START_PROPERTY, Long.parseLong(Workload.INSERT_START_PROPERTY_DEFAULT),
            Long.MAX_VALUE),
        reader.string(Client.INSERT_COUNT_PROPERTY).isEmpty() ? OptionalLong.empty()
            : OptionalLong.of(count(reader, Client.INSERT_COUNT_PROPERTY, 0, Long.MAX_VALUE)),
        count(reader, Client.OPERATION_COUNT_PROPERTY, 0, Long.MAX_VALUE),
        count(reader, Client.MAX_EXECUTION_TIME, 0, Long.MAX_VALUE),
        reader.bool(Client.DO_TRANSACTIONS_PROPERTY, true),
        reader.string(Measurements.MEASUREMENT_TYPE_PROPERTY, DEFAULT_MEASUREMENT_TYPE),
        reader.bool(HDRHISTOGRAM_FILE_OUTPUT, false),
        (int) count(reader, CoreWorkload.FIELD_COUNT_PROPERTY,
            Long.parseLong(CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT), Integer.MAX_VALUE),
        (int) count(reader, CoreWorkload.FIELD_LENGTH_PROPERTY,
            Long.parseLong(CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT), Integer.MAX_VALUE),
        reader.string(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT),
        reader.string(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT),
        reader.string(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT));
  }

  private static long count(PropertyReader reader, String key, long defaultValue, long max) {
    return reader.longValue(key, defaultValue, COUNTS.get(key), max);
  }

  /** What YCSB's {@code Client} inserts in a load: {@code insertcount} when set, else {@code recordcount}. */
  public long plannedInserts() {
    return insertCount.orElse(recordCount);
  }

  /** The result file beside YCSB's output, {@code <exportfile>.result.json}; empty without {@code exportfile}. */
  public Optional<String> defaultResultFile() {
    return exportFile.map(file -> file + RESULT_FILE_SUFFIX);
  }
}
