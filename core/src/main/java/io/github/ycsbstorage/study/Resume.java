package io.github.ycsbstorage.study;

import io.github.ycsbstorage.config.BadInputException;
import io.github.ycsbstorage.result.Result;
import io.github.ycsbstorage.result.ResultReader;
import io.github.ycsbstorage.result.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Which cells of a study a resume keeps: those whose result exists, completed (status complete or
 * degraded) and was produced by the inputs the study file now gives. A result that failed or was
 * interrupted, or cannot be read, is redone; one whose inputs changed is stale, and the study refuses to run over it
 * unless forced. Immutable.
 */
final class Resume {
  /** What resume does with a cell. */
  enum Decision { RUN, KEEP, STALE }

  private final Map<Cell, Decision> decisions = new LinkedHashMap<>();
  private final List<String> staleReasons = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  /**
   * @param folder the study's results folder
   * @param force  whether every cell is redone (no result is kept)
   */
  Resume(List<Cell> cells, Path folder, CellCommands commands, boolean force) {
    for (var cell : cells) {
      var file = folder.resolve(cell.id() + ".json");
      if (force || !Files.exists(file)) {
        decisions.put(cell, Decision.RUN);
        continue;
      }
      Optional<Result> result;
      try {
        result = Optional.of(ResultReader.read(file));
      } catch (IOException e) {
        notes.add(cell.id() + ": unreadable result, redone: " + e.getMessage());
        decisions.put(cell, Decision.RUN);
        continue;
      }
      var status = result.get().status();
      if (status == Status.FAILED || status == Status.INTERRUPTED) {
        decisions.put(cell, Decision.RUN);
        continue;
      }
      var changed = changes(result.get().study().map(s -> s.inputs()).orElse(Map.of()), commands.inputs(cell));
      if (changed.isEmpty()) {
        decisions.put(cell, Decision.KEEP);
      } else {
        staleReasons.add(cell.id() + ": " + String.join(", ", changed));
        decisions.put(cell, Decision.STALE);
      }
    }
  }

  /** Cells redone because their result could not be read, and why. */
  List<String> notes() {
    return List.copyOf(notes);
  }

  Decision decision(Cell cell) {
    return decisions.get(cell);
  }

  /**
   * Refuses a study whose kept results were produced by other inputs: bad input (exit 2) naming each
   * stale cell and its changed settings.
   */
  void refuseStale() {
    if (!staleReasons.isEmpty()) {
      throw new BadInputException(staleReasons.size() + " cell result(s) in the results folder were produced"
          + " by other settings than the study file now gives:\n  " + String.join("\n  ", staleReasons)
          + "\nrestore those settings to resume, or run again with --force to discard the results and redo every cell");
    }
  }

  /** Settings whose values differ, e.g. {@code fieldlength 100 → 10}; all of them when none were recorded. */
  static List<String> changes(Map<String, String> recorded, Map<String, String> now) {
    if (recorded.isEmpty()) {
      return List.of("its result records no inputs (written by an earlier version)");
    }
    var keys = new TreeSet<>(recorded.keySet());
    keys.addAll(now.keySet());
    var changed = new ArrayList<String>();
    for (var key : keys) {
      var before = recorded.get(key);
      var after = now.get(key);
      if (before == null || !before.equals(after)) {
        changed.add(key + " " + (before == null ? "(unset)" : before) + " → " + (after == null ? "(unset)" : after));
      }
    }
    return changed;
  }
}
