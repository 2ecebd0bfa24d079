package io.github.ycsbstorage.workload;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * The mean length of the keys {@code CoreWorkload.buildKeyName} makes: {@code "user"} followed by the
 * key number in decimal, zero-padded to {@code zeropadding} digits. With {@code insertorder=ordered}
 * the numbers are 0 … n−1, so the mean is exact; with {@code hashed} they are FNV-64 hashes, taken as
 * uniform over [0, 2^63), and the mean is the expectation over that range. Stateless and thread-safe.
 */
final class KeyLength {
  /** {@code CoreWorkload} hard-codes this prefix. */
  static final String PREFIX = "user";

  private static final BigInteger HASH_RANGE = BigInteger.ONE.shiftLeft(63);

  private KeyLength() {
  }

  /** Mean key bytes for the numbers 0 … records−1. */
  static double ordered(long records, int zeroPadding) {
    if (records <= 0) {
      return PREFIX.length() + Math.max(zeroPadding, 1);
    }
    double total = 0;
    long low = 0;
    for (int digits = 1; low < records; digits++) {
      long high = digits >= 19 ? records : Math.min(records, pow10(digits));
      total += (double) (high - low) * Math.max(zeroPadding, digits);
      low = high;
    }
    return PREFIX.length() + total / records;
  }

  /** Mean key bytes for hashed key numbers, uniform over [0, 2^63). */
  static double hashed(int zeroPadding) {
    var expected = BigDecimal.ZERO;
    var low = BigInteger.ZERO;
    for (int digits = 1; digits <= 19; digits++) {
      var high = digits == 19 ? HASH_RANGE : BigInteger.TEN.pow(digits).min(HASH_RANGE);
      var share = new BigDecimal(high.subtract(low)).divide(new BigDecimal(HASH_RANGE), MathContext.DECIMAL64);
      expected = expected.add(share.multiply(BigDecimal.valueOf(Math.max(zeroPadding, digits))));
      low = high;
    }
    return PREFIX.length() + expected.doubleValue();
  }

  private static long pow10(int exponent) {
    long value = 1;
    for (int i = 0; i < exponent; i++) {
      value *= 10;
    }
    return value;
  }
}
