package org.trawler.core.conf;

/** Keys about the configuration itself. */
public final class ConfKeys {
  /**
   * What a -D or trawler-site.xml key neither Trawler nor Hadoop knows does: fail, warn, ignore.
   */
  public static final String UNKNOWN_KEYS = "conf.unknown.keys";

  public static final String DEFAULT_UNKNOWN_KEYS = "warn";

  private ConfKeys() {}
}
