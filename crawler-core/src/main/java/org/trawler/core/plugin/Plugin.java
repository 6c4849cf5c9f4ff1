package org.trawler.core.plugin;

import org.apache.hadoop.conf.Configuration;

/**
 * What the interface of every extension point extends ({@link ExtensionPoint}). {@link Plugins}
 * makes an implementation with its public no-argument constructor, then calls {@link #configure}
 * once, before any other method: an implementation reads its settings there, never per record.
 */
public interface Plugin {

  /**
   * Reads this plug-in's settings, once, right after it was made; a value it cannot use is a {@link
   * org.trawler.core.conf.BadSettingException} naming the key.
   */
  default void configure(Configuration conf) {}

  /** {@code plugin}, configured with {@code conf}: for code that names its implementation. */
  static <T extends Plugin> T configured(T plugin, Configuration conf) {
    plugin.configure(conf);
    return plugin;
  }
}
