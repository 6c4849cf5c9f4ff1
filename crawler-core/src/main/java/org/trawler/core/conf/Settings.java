package org.trawler.core.conf;

import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads numeric settings: a value that is not a number is a {@link BadSettingException} naming the
 * key and the value, where Hadoop's getters throw a NumberFormatException that names neither.
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

  private static <T> T read(Configuration conf, String key, String what, Supplier<T> getter) {
    try {
      return getter.get();
    } catch (NumberFormatException e) {
      throw new BadSettingException(key, "'" + conf.get(key) + "' is not a " + what);
    }
  }
}
