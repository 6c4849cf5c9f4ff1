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
