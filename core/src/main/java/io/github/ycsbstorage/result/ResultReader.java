package io.github.ycsbstorage.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads result files ({@code docs/RESULTS.md}) into {@link Result}s: exactly schema
 * {@value Result#SCHEMA}, as {@link ResultWriter} writes it and as every version of ycsb-storage
 * since that schema wrote it. Figures absent from a file read as empty, never as zero; keys this
 * version does not know are ignored. Stateless and thread-safe.
 */
public final class ResultReader {
  private ResultReader() {
  }

  /**
   * The result in a file.
   *
   * @throws ResultFormatException naming the file, when it is not a result of schema {@value Result#SCHEMA}
   */
  public static Result read(Path file) throws IOException {
    return readIfResult(file).orElseThrow(() -> new ResultFormatException(file,
        "not a result file: its \"schema\" is not " + Result.SCHEMA));
  }

  /**
   * The result in a file, or empty when the file is JSON of another kind (no or another
   * {@code schema}), such as the collector's time-series file beside it.
   *
   * @throws ResultFormatException naming the file, when it is not JSON or a malformed result
   */
  public static Optional<Result> readIfResult(Path file) throws IOException {
    try {
      var tree = ResultWriter.JSON.readTree(file.toFile());
      if (tree == null || !tree.path("schema").asText().equals(Result.SCHEMA)) {
        return Optional.empty();
      }
      return Optional.of(ResultWriter.JSON.treeToValue(tree, Result.class));
    } catch (JsonProcessingException e) {
      throw new ResultFormatException(file, e.getOriginalMessage());
    } catch (IllegalArgumentException e) {
      throw new ResultFormatException(file, e.getMessage());
    }
  }

  /**
   * A result held elsewhere than in a file, e.g. in the results store.
   *
   * @param source names where the bytes came from, for the message
   * @throws ResultFormatException naming {@code source}, when the bytes are not a result of schema {@value Result#SCHEMA}
   */
  public static Result parse(byte[] json, String source) throws ResultFormatException {
    try {
      var tree = ResultWriter.JSON.readTree(json);
      if (tree != null && tree.path("schema").asText().equals(Result.SCHEMA)) {
        return ResultWriter.JSON.treeToValue(tree, Result.class);
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new ResultFormatException(Path.of(source), e.getMessage());
    }
    throw new ResultFormatException(Path.of(source), "not a result: its \"schema\" is not " + Result.SCHEMA);
  }

  /** A file that is not a readable result; the message names the file and what is wrong. */
  public static final class ResultFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    ResultFormatException(Path file, String problem) {
      super(file + ": " + problem);
    }
  }
}
