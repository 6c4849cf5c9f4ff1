package org.trawler.parse.tika;

import org.apache.tika.config.TikaConfig;

/**
 * Tika's default configuration (its parsers and detectors found on the class path), read once per
 * JVM on first use: {@code TikaConfig.getDefaultConfig()} loads every service anew, which costs a
 * local parse job's map tasks a second of CPU each. It holds no setting of ours, and Tika's parsers
 * and detectors are safe for concurrent use.
 */
final class DefaultTikaConfig {
  private DefaultTikaConfig() {}

  /** The shared default configuration. */
  static TikaConfig get() {
    return Holder.CONFIG;
  }

  private static final class Holder {
    static final TikaConfig CONFIG = TikaConfig.getDefaultConfig();
  }
}
