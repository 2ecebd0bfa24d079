package io.github.ycsbstorage.result;

import com.fasterxml.jackson.annotation.JsonValue;
import io.github.ycsbstorage.ycsbconfig.YcsbSettings;
import java.util.Locale;

/** YCSB's two phases: {@code load} (inserts the dataset) and {@code run} (the workload's mix). */
public enum Phase {
  LOAD,
  RUN;

  /** The {@code bin/ycsb} command word and the result file's value: {@code load} or {@code run}. */
  @JsonValue
  public String command() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The phase YCSB's {@code Client} runs for these properties ({@code dotransactions}, default true). */
  public static Phase of(java.util.Properties properties) {
    return YcsbSettings.from(properties).transactions() ? RUN : LOAD;
  }

  @Override
  public String toString() {
    return command();
  }
}
