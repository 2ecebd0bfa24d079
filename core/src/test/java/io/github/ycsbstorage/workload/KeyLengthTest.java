package io.github.ycsbstorage.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import site.ycsb.Utils;

class KeyLengthTest {

  @Test
  void orderedKeysAreExact() {
    assertEquals(5.0, KeyLength.ordered(10, 1));
    assertEquals(4 + (10 * 1 + 90 * 2) / 100.0, KeyLength.ordered(100, 1));
    assertEquals(7.0, KeyLength.ordered(1000, 3));
    assertEquals(4 + (1000 * 3 + 1 * 4) / 1001.0, KeyLength.ordered(1001, 3));
  }

  @Test
  void hashedKeysAreTheExpectationOverSixtyThreeBitHashes() {
    assertEquals(22.879533091946055, KeyLength.hashed(1), 1e-12);
    assertEquals(24.0, KeyLength.hashed(20));
    // what CoreWorkload.buildKeyName makes for the first 200,000 key numbers
    long total = 0;
    int keys = 200_000;
    for (long i = 0; i < keys; i++) {
      total += KeyLength.PREFIX.length() + Long.toString(Utils.hash(i)).length();
    }
    assertEquals((double) total / keys, KeyLength.hashed(1), 0.01);
  }
}
