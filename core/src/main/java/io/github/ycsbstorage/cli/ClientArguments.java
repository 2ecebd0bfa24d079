package io.github.ycsbstorage.cli;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.InvalidPropertyException;
import io.github.ycsbstorage.config.PropertyReader;
import io.github.ycsbstorage.workload.StorageSettings;
import io.github.ycsbstorage.ycsbconfig.PropertiesFile;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeSet;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;

/**
 * The arguments of {@code ycsb load|run|shell}, parsed and checked the way YCSB 0.17.0's
 * {@code site.ycsb.Client} reads them, but with errors that exit 2 instead of YCSB's usage text and
 * exit 0. Immutable.
 *
 * @param command       load, run or shell
 * @param dbClass       the binding's class
 * @param propertyFiles {@code -P} files, in command-line order
 * @param overrides     {@code -p} settings, and {@code -threads}/{@code -target} as YCSB's {@code threadcount}/
 *                      {@code target}, in command-line order (a later one replaces an earlier one)
 * @param clientArgs    what is handed to YCSB's {@code Client} / {@code CommandLine} unchanged
 */
public record ClientArguments(Command command, String dbClass, List<Path> propertyFiles,
                              Map<String, String> overrides, List<String> clientArgs) {

  /** The command word: YCSB's two phases, or its interactive shell. */
  public enum Command {
    LOAD, RUN, SHELL;

    /** {@code load}, {@code run} or {@code shell}, as typed. */
    String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** What the command accepts, for error messages. */
  static final String OPTIONS =
      "-P file, -p key=value, -s, -threads N, -target N, -l label, -db class, -table name";

  public ClientArguments {
    propertyFiles = List.copyOf(propertyFiles);
    overrides = Map.copyOf(overrides);
    clientArgs = List.copyOf(clientArgs);
  }

  /**
   * Parses {@code <command> [options]}; the launcher has already put {@code -db <class>} in.
   *
   * @throws InvalidPropertyException for a bad or missing argument
   */
  public static ClientArguments parse(List<String> args) {
    Check.input(!args.isEmpty(), "command", null, "load, run or shell");
    var command = Arrays.stream(Command.values()).filter(c -> c.word().equals(args.get(0))).findFirst()
        .orElseThrow(() -> new InvalidPropertyException("command", args.get(0), "load, run or shell"));
    String dbClass = null;
    var files = new ArrayList<Path>();
    var overrides = new LinkedHashMap<String, String>();
    var clientArgs = new ArrayList<String>();
    for (int i = 1; i < args.size(); i++) {
      var option = args.get(i);
      switch (option) {
        case "-s" -> clientArgs.add(option);
        case "-threads", "-target" -> {
          var value = valueOf(args, i++, option);
          var key = option.equals("-threads") ? Client.THREAD_COUNT_PROPERTY : Client.TARGET_PROPERTY;
          PropertyReader.parseLong(option, value, YcsbSettings.COUNTS.get(key), Integer.MAX_VALUE);
          // YCSB's Client sets these properties from the options, over the files like -p does
          overrides.put(key, value);
          clientArgs.add(option);
          clientArgs.add(value);
        }
        case "-l" -> {
          clientArgs.add(option);
          clientArgs.add(valueOf(args, i++, option));
        }
        case "-table" -> {
          // YCSB 0.17.0's Client refuses -table (its usage text still lists it): the property it meant
          var table = valueOf(args, i++, option);
          overrides.put(CoreWorkload.TABLENAME_PROPERTY, table);
          clientArgs.add("-p");
          clientArgs.add(CoreWorkload.TABLENAME_PROPERTY + "=" + table);
        }
        case "-db" -> dbClass = valueOf(args, i++, option);
        case "-P" -> {
          var file = Path.of(valueOf(args, i++, option));
          Check.input(Files.isRegularFile(file) && Files.isReadable(file), "-P", file.toString(),
              "a readable workload or properties file, e.g. workloads/workloada",
              Files.exists(file) ? "not a readable file" : "no such file");
          files.add(file);
          clientArgs.add(option);
          clientArgs.add(file.toString());
        }
        case "-p" -> {
          var setting = valueOf(args, i++, option);
          int equals = setting.indexOf('=');
          Check.input(equals >= 0 && !setting.substring(0, equals).isBlank(),
              "-p", setting, "key=value, e.g. -p recordcount=1000",
              equals < 0 ? "no '=' after a property name" : "no property name before '='");
          overrides.put(setting.substring(0, equals).trim(), setting.substring(equals + 1));
          clientArgs.add(option);
          clientArgs.add(setting);
        }
        default -> throw new InvalidPropertyException("argument", option, OPTIONS, "unknown option");
      }
    }
    Check.input(dbClass != null, "-db", null, "a class implementing site.ycsb.DB");
    return new ClientArguments(command, dbClass, files, overrides, clientArgs);
  }

  /**
   * {@code storage.dataset.ratio} and {@code storage.dataset.size} are two ways to give one thing: the
   * one given at the later level (a later {@code -P} file; {@code -p} over every file, as a study's
   * size over its workload file's ratio) replaces the other. YCSB's {@code Client} merges the levels
   * and would see both: {@code bin/ycsb} tells the workload which one is replaced
   * ({@link StorageSettings#REPLACED_SIZE}) instead of injecting a blank {@code -p} that YCSB's echoed
   * command line would show. Only both at one level conflict, and the workload says so.
   *
   * @return the replaced key, if any
   */
  public Optional<String> replacedDatasetSize() {
    var levels = new ArrayList<Properties>();
    propertyFiles.forEach(file -> levels.add(load(file)));
    var given = new Properties();
    given.putAll(overrides);
    levels.add(given);
    return replacedDatasetSize(levels);
  }

  /** The dataset size key that a later level replaces, if any (see {@link #replacedDatasetSize()}). */
  private static Optional<String> replacedDatasetSize(List<Properties> levels) {
    var keys = List.of(StorageSettings.RATIO, StorageSettings.SIZE);
    for (int level = levels.size() - 1; level >= 0; level--) {
      var reader = new PropertyReader(levels.get(level));
      var set = keys.stream().filter(key -> reader.string(key).isPresent()).toList();
      if (set.size() == 1) {
        var replaced = keys.get(1 - keys.indexOf(set.get(0)));
        if (levels.subList(0, level).stream().anyMatch(p -> new PropertyReader(p).string(replaced).isPresent())) {
          return Optional.of(replaced);
        }
      }
      if (!set.isEmpty()) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * Properties given at several levels ({@code -P} files in order, then the command line) as
   * the workload reads them: a later level wins, a replaced dataset size is gone, values are trimmed. For a study's clients, whose levels are their workload file and their own file.
   */
  static Properties merge(List<Properties> levels) {
    var merged = new Properties();
    levels.forEach(merged::putAll);
    replacedDatasetSize(levels).ifPresent(merged::remove);
    merged.stringPropertyNames().forEach(key -> merged.setProperty(key, merged.getProperty(key).trim()));
    return merged;
  }

  private static String valueOf(List<String> args, int index, String option) {
    Check.input(index + 1 < args.size(), option, null, OPTIONS, "the option needs a value");
    return args.get(index + 1);
  }

  /**
   * The properties as YCSB's {@code Client} will see them: files in order (a later file wins), then
   * every {@code -p}, {@code -threads} and {@code -target} on top, whatever its position; values
   * trimmed, as {@link #checkedClientArgs} hands them to YCSB.
   */
  public Properties effectiveProperties() {
    var levels = new ArrayList<Properties>();
    propertyFiles.forEach(file -> levels.add(load(file)));
    var given = new Properties();
    given.putAll(overrides);
    given.setProperty(Client.DB_PROPERTY, dbClass);
    levels.add(given);
    return merge(levels);
  }

  /** A {@code -P} file as YCSB reads it (ISO-8859-1), refused when it is not properties text. */
  private static Properties load(Path file) {
    return PropertiesFile.read("-P", file, StandardCharsets.ISO_8859_1,
        "a workload or properties file (key=value text), e.g. workloads/workloada");
  }

  /**
   * The arguments for YCSB's {@code Client}, with the values that were checked: YCSB parses a value as
   * given ({@code Integer.parseInt(" 100")} fails) while every check reads it trimmed. A {@code -p}
   * value is given trimmed; a {@code -P} file's value with blanks around it gets a trimmed {@code -p}
   * of its own, which wins over every file as the file's value did.
   */
  List<String> checkedClientArgs() {
    var checked = new ArrayList<String>();
    for (int i = 0; i < clientArgs.size(); i++) {
      var arg = clientArgs.get(i);
      checked.add(arg);
      if (arg.equals("-p") || arg.equals("-P") || arg.equals("-l") || arg.equals("-threads") || arg.equals("-target")) {
        var value = clientArgs.get(++i);
        if (arg.equals("-p")) {
          int equals = value.indexOf('=');
          value = value.substring(0, equals).trim() + "=" + value.substring(equals + 1).trim();
        } else if (!arg.equals("-P") && !arg.equals("-l")) {
          value = value.trim();
        }
        checked.add(value);
      }
    }
    var fromFiles = new Properties();
    propertyFiles.forEach(file -> fromFiles.putAll(load(file)));
    new TreeSet<>(fromFiles.stringPropertyNames()).forEach(key -> {
      var value = fromFiles.getProperty(key);
      if (!overrides.containsKey(key) && !value.equals(value.trim())) {
        checked.addAll(List.of("-p", key + "=" + value.trim()));
      }
    });
    return checked;
  }
}
