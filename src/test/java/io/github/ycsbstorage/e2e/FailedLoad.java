package io.github.ycsbstorage.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Locale;

/**
 * A load whose threads stopped at their first failed insert, short of the records planned, as
 * docs/ERRORS.md says it ends: exit 1, a result
 * marked {@code failed} whose first warning counts the stored, failed and never inserted records, the
 * same {@code Status: failed: …} line, and YCSB's own {@code [INSERT], Return=…} lines with the result's
 * counts.
 *
 * @param run    how the load ended
 * @param codes  its INSERT return codes in the result
 * @param stored records stored: {@code OK} and {@code BATCHED_OK}
 * @param failed records counted under a failed return code
 */
record FailedLoad(Launcher.Result run, JsonNode codes, long stored, long failed) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Checks the load and its result file; {@code planned} is the number of records it was to insert. */
  static FailedLoad of(Launcher.Result run, Path resultFile, long planned) throws IOException {
    assertEquals(1, run.exitCode(), run::all);
    var json = JSON.readTree(resultFile.toFile());
    assertEquals("failed", json.path("status").asText(), json::toPrettyString);
    var codes = json.path("summary").path("operations").path("INSERT").path("returnCodes");
    long stored = codes.path("OK").asLong() + codes.path("BATCHED_OK").asLong();
    long failed = 0;
    var failedCodes = new ArrayList<String>();
    for (var names = codes.fieldNames(); names.hasNext(); ) {
      var name = names.next();
      long count = codes.path(name).asLong();
      var line = "[INSERT], Return=" + name + ", " + count;
      assertTrue(run.stdout().lines().anyMatch(line::equals), "YCSB's own output says «" + line + "»:\n" + run.all());
      if (!name.equals("OK") && !name.equals("BATCHED_OK") && count > 0) {
        failed += count;
        failedCodes.add(String.format(Locale.ROOT, "%s %,d", name, count));
      }
    }
    assertTrue(stored < planned && failed > 0, codes::toString);
    var reason = String.format(Locale.ROOT, "the load stored %,d of %,d records; not stored: %,d failed (INSERT: %s),"
        + " %,d never inserted (YCSB's load threads stop at their first failed insert)", stored, planned, failed,
        String.join(", ", failedCodes), planned - stored - failed);
    assertEquals("failed: " + reason, json.path("warnings").get(0).asText(), json::toPrettyString);
    assertTrue(run.stderr().contains("Status: failed: " + reason), run::all);
    return new FailedLoad(run, codes, stored, failed);
  }
}
