package org.trawler.core.net;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;

/**
 * Base of a normalizer or filter that reads its rules from the configuration once, when reflection
 * hands it the configuration, and then only reads them: safe to share between threads.
 *
 * @param <R> the compiled rules; immutable
 */
public abstract class ConfiguredRules<R> implements Configurable {
  private Configuration conf;
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
  public final void setConf(Configuration conf) {
    this.conf = conf;
    if (conf != null) {
      this.rules = readRules(conf);
    }
  }

  @Override
  public final Configuration getConf() {
    return conf;
  }
}
