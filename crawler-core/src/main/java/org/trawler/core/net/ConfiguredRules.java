package org.trawler.core.net;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.plugin.Plugin;

/**
 * Base of a normalizer or filter that reads its rules from the configuration once, when {@link
 * #configure} hands it the configuration, and then only reads them: safe to share between threads.
 *
 * @param <R> the compiled rules; immutable
 */
public abstract class ConfiguredRules<R> implements Plugin {
  private volatile R rules;

  /**
   * @param none the rules before any configuration is set
   */
  protected ConfiguredRules(R none) {
    this.rules = none;
  }

  /**
   * Reads and compiles the rules; throws a BadSettingException naming the key on a user mistake.
   */
  protected abstract R readRules(Configuration conf);

  protected final R rules() {
    return rules;
  }

  @Override
  public final void configure(Configuration conf) {
    this.rules = readRules(conf);
  }
}
