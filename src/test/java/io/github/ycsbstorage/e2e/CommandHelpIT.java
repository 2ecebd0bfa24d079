package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bin/ycsb <command> --help} prints that command's own help, not the launcher's usage. */
class CommandHelpIT {
  @Test
  void studyReportResultsAndDemoPrintTheirOwnHelp() throws Exception {
    for (var command : List.of("study", "report", "results", "demo")) {
      for (var option : List.of("--help", "-h")) {
        var result = Launcher.ycsb(command, option);
        assertEquals(0, result.exitCode(), result::all);
        assertTrue(result.stdout().contains("Usage: ycsb " + command), result::all);
        assertFalse(result.stdout().contains("load <binding>"), "the launcher's usage: " + result.all());
      }
    }
  }
}
