package io.github.ycsbstorage.oraclenosql;

import io.github.ycsbstorage.config.Check;
import io.github.ycsbstorage.config.SecretMasker;

/**
 * A password that never shows itself: {@link #toString()} is the mask, so that settings records
 * and exception messages that include it stay safe. Immutable.
 *
 * @param value the secret itself; read it only to hand it to kvclient
 */
record Secret(String value) {
  Secret {
    Check.argument(value != null, "a secret must have a value");
  }

  @Override
  public String toString() {
    return SecretMasker.MASK;
  }
}
