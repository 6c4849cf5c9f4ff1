package org.trawler.core.conf;

import org.apache.hadoop.conf.Configuration;

/**
 * Reads numeric settings: a value that is not a number is a {@link BadSettingException} naming the
 * key and the value, where Hadoop's getters throw a NumberFormatException that names neither.
 */
public final class Settings {

  private Settings() {}

  public static int getInt(Configuration conf, String key, int defaultValue) {
    try {
      return conf.getInt(key, defaultValue);
    } catch (NumberFormatException e) {
      throw notA(conf, key, "whole number");
    }
  }

  public static long getLong(Configuration conf, String key, long defaultValue) {
    try {
      return conf.getLong(key, defaultValue);
    } catch (NumberFormatException e) {
      throw notA(conf, key, "whole number");
    }
  }

  public static float getFloat(Configuration conf, String key, float defaultValue) {
    try {
      return conf.getFloat(key, defaultValue);
    } catch (NumberFormatException e) {
      throw notA(conf, key, "number");
    }
  }

  public static double getDouble(Configuration conf, String key, double defaultValue) {
    try {
      return conf.getDouble(key, defaultValue);
    } catch (NumberFormatException e) {
      throw notA(conf, key, "number");
    }
  }

  private static BadSettingException notA(Configuration conf, String key, String what) {
    return new BadSettingException(key, "'" + conf.get(key) + "' is not a " + what);
  }
}
