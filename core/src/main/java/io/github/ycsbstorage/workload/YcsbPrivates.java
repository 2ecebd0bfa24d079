package io.github.ycsbstorage.workload;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Reaches private members of YCSB 0.17.0's measurement classes, which have no API to set up or reset
 * measurements ({@link MeasurementSetup}, {@link MeasurementReset}). The version is pinned and the
 * tests prove the effects; another core fails here with the member it lacks. Stateless.
 */
final class YcsbPrivates {
  private YcsbPrivates() {
  }

  static Object get(Class<?> type, String name, Object owner) {
    try {
      return field(type, name).get(owner);
    } catch (ReflectiveOperationException e) {
      throw missing(type, name, e);
    }
  }

  static void set(Class<?> type, String name, Object owner, Object value) {
    try {
      field(type, name).set(owner, value);
    } catch (ReflectiveOperationException e) {
      throw missing(type, name, e);
    }
  }

  /** Calls a private method of one {@code String} argument. */
  static Object call(Class<?> type, String name, Object owner, String argument) {
    try {
      Method method = type.getDeclaredMethod(name, String.class);
      method.setAccessible(true);
      return method.invoke(owner, argument);
    } catch (ReflectiveOperationException e) {
      throw missing(type, name, e);
    }
  }

  private static Field field(Class<?> type, String name) throws NoSuchFieldException {
    Field field = type.getDeclaredField(name);
    field.setAccessible(true);
    return field;
  }

  private static IllegalStateException missing(Class<?> type, String name, Exception e) {
    return new IllegalStateException("this YCSB core has no " + type.getSimpleName() + "." + name
        + "; measurement set-up and warm-up exclusion need YCSB 0.17.0", e);
  }
}
