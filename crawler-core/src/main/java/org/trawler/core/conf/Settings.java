package org.trawler.core.conf;

import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads typed settings: a value that is not a number, or not true or false, is a {@link
 * BadSettingException} naming the key and the value, where Hadoop's getters throw a
 * NumberFormatException that names neither, or log a warning and take the default for a boolean.
 */
public final class Settings {

  private Settings() {}

  public static int getInt(Configuration conf, String key, int defaultValue) {
    return read(conf, key, "whole number", () -> conf.getInt(key, defaultValue));
  }

  public static long getLong(Configuration conf, String key, long defaultValue) {
    return read(conf, key, "whole number", () -> conf.getLong(key, defaultValue));
  }

  /** A size in bytes; a suffix k, m, g, t (any case) multiplies by 1024 for each step. */
  public static long getBytes(Configuration conf, String key, long defaultValue) {
    return read(
        conf, key, "size in bytes (e.g. 1g, 500m)", () -> conf.getLongBytes(key, defaultValue));
  }

  public static float getFloat(Configuration conf, String key, float defaultValue) {
    return read(conf, key, "number", () -> conf.getFloat(key, defaultValue));
  }

  public static double getDouble(Configuration conf, String key, double defaultValue) {
    return read(conf, key, "number", () -> conf.getDouble(key, defaultValue));
  }

  /**
   * A whole number from {@code min} to {@code max}: one outside is a BadSettingException saying
   * what is allowed, in the same words for every setting ({@link #outOfRange}).
   */
  public static int getInt(Configuration conf, String key, int defaultValue, int min, int max) {
    return inRange(key, getInt(conf, key, defaultValue), min, max, Integer.MAX_VALUE);
  }

  /** A whole number from {@code min} to {@code max}. */
  public static long getLong(
      Configuration conf, String key, long defaultValue, long min, long max) {
    return inRange(key, getLong(conf, key, defaultValue), min, max, Long.MAX_VALUE);
  }

  /** A size in bytes (suffixes as {@link #getBytes(Configuration, String, long)}) in a range. */
  public static long getBytes(
      Configuration conf, String key, long defaultValue, long min, long max) {
    return inRange(key, getBytes(conf, key, defaultValue), min, max, Long.MAX_VALUE);
  }

  /** A number from {@code min} to {@code max}; NaN is out of every range. */
  public static float getFloat(
      Configuration conf, String key, float defaultValue, float min, float max) {
    return inRange(key, getFloat(conf, key, defaultValue), min, max, Float.MAX_VALUE);
  }

  /** A number from {@code min} to {@code max}; NaN is out of every range. */
  public static double getDouble(
      Configuration conf, String key, double defaultValue, double min, double max) {
    return inRange(key, getDouble(conf, key, defaultValue), min, max, Double.MAX_VALUE);
  }

  /**
   * The one error of a value out of its range: "must be at least 1, not 0" when only a lower bound
   * matters ({@code max} is the type's largest), else "must be from 1 to 10, not 11".
   */
  public static BadSettingException outOfRange(
      String key, Number value, Number min, Number max, Number typeMax) {
    String allowed = max.equals(typeMax) ? "at least " + min : "from " + min + " to " + max;
    return new BadSettingException(key, "must be " + allowed + ", not " + value);
  }

  /** {@code v} when it is from min to max (NaN compares above every number: never). */
  private static <T extends Number & Comparable<T>> T inRange(
      String key, T v, T min, T max, T typeMax) {
    if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
      throw outOfRange(key, v, min, max, typeMax);
    }
    return v;
  }

  /** True or false (any case); anything else (ture, yes, 1) is a BadSettingException. */
  public static boolean getBoolean(Configuration conf, String key, boolean defaultValue) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return defaultValue;
    }
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new BadSettingException(key, "'" + v + "' is not true or false");
  }

  private static <T> T read(Configuration conf, String key, String what, Supplier<T> getter) {
    try {
      return getter.get();
    } catch (IllegalArgumentException e) { // NumberFormatException, or a size's unknown suffix
      throw new BadSettingException(key, "'" + conf.get(key) + "' is not a " + what);
    }
  }
}
