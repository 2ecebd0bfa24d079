package io.github.ycsbstorage.collector.sample;

import java.nio.charset.StandardCharsets;

/**
 * A cursor over the ASCII text of one {@code /proc} file, for allocation-free parsing in the
 * sampling hot path (no regex, no per-line strings). Not thread-safe; reuse one per parser call.
 */
final class ProcText {
  private final byte[] data;
  private final int end;
  private int position;

  ProcText(byte[] data, int offset, int length) {
    this.data = data;
    this.position = offset;
    this.end = offset + length;
  }

  boolean atEnd() {
    return position >= end;
  }

  /** Skips spaces and tabs, not newlines. */
  void skipBlanks() {
    while (position < end && (data[position] == ' ' || data[position] == '\t')) {
      position++;
    }
  }

  /** Moves past the next newline. */
  void nextLine() {
    while (position < end && data[position] != '\n') {
      position++;
    }
    if (position < end) {
      position++;
    }
  }

  /** Whether the text at the cursor starts with the ASCII word (the cursor does not move). */
  boolean startsWith(byte[] word) {
    if (position + word.length > end) {
      return false;
    }
    for (int i = 0; i < word.length; i++) {
      if (data[position + i] != word[i]) {
        return false;
      }
    }
    return true;
  }

  void skip(int count) {
    position = Math.min(end, position + count);
  }

  /**
   * Reads the next unsigned decimal number on this line, skipping blanks before it; {@code -1}
   * when the line has no further number.
   */
  long nextLong() {
    skipBlanks();
    if (position >= end || data[position] < '0' || data[position] > '9') {
      return -1;
    }
    long value = 0;
    while (position < end && data[position] >= '0' && data[position] <= '9') {
      value = value * 10 + (data[position++] - '0');
    }
    return value;
  }

  /** Reads the next blank-separated word on this line as a string (empty at line end). */
  String nextWord() {
    skipBlanks();
    int start = position;
    while (position < end && data[position] != ' ' && data[position] != '\t' && data[position] != '\n') {
      position++;
    }
    return new String(data, start, position - start, StandardCharsets.US_ASCII);
  }

  /** Skips the next blank-separated word on this line. */
  void skipWord() {
    skipBlanks();
    while (position < end && data[position] != ' ' && data[position] != '\t' && data[position] != '\n') {
      position++;
    }
  }

  /** Moves just past the last occurrence of {@code b} in the text; false if absent. */
  boolean skipPastLast(byte b) {
    for (int i = end - 1; i >= position; i--) {
      if (data[i] == b) {
        position = i + 1;
        return true;
      }
    }
    return false;
  }
}
