package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.PropertyNamespace;
import java.util.Set;

/** Every {@code study.*} key a study file may hold (docs/study.md). Stateless. */
public final class StudyNamespace implements PropertyNamespace {
  static final String NAME = "study.name";
  static final String BINDING = "study.binding";
  static final String WORKLOADS = "study.workloads";
  static final String DISTRIBUTIONS = "study.distributions";
  static final String RATIOS = "study.ratios";
  static final String SIZES = "study.sizes";
  static final String RECORDCOUNTS = "study.recordcounts";
  static final String DEVICES = "study.devices";
  static final String SERVER_START = "study.server.start";
  static final String SERVER_STOP = "study.server.stop";
  static final String REPETITIONS = "study.repetitions";
  static final String DURATION = "study.duration";
  static final String OPERATIONCOUNT = "study.operationcount";
  static final String CACHE = "study.cache";
  static final String CLIENTS = "study.clients";
  static final String HOSTS = "study.hosts";
  static final String THREADS = "study.threads";
  static final String TARGET = "study.target";
  public static final String RESULTS = "study.results";

  private static final Set<String> KEYS = Set.of(NAME, BINDING, WORKLOADS, DISTRIBUTIONS, RATIOS, SIZES,
      RECORDCOUNTS, DEVICES, SERVER_START, SERVER_STOP, REPETITIONS, DURATION, OPERATIONCOUNT, CACHE, CLIENTS,
      HOSTS, THREADS, TARGET, RESULTS);

  @Override
  public String prefix() {
    return "study.";
  }

  @Override
  public Set<String> keys() {
    return KEYS;
  }
}
