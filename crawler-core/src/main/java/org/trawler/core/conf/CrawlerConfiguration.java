package org.trawler.core.conf;

import org.apache.hadoop.conf.Configuration;

/**
 * Builds the Hadoop {@link Configuration} the crawler runs with: Hadoop's own resources, then
 * {@code trawler-default.xml} (every key, documented), then {@code trawler-site.xml} (the user's
 * overrides). Command-line {@code -D} options are applied on top by ToolRunner.
 */
public final class CrawlerConfiguration {
  public static final String DEFAULT_RESOURCE = "trawler-default.xml";
  public static final String SITE_RESOURCE = "trawler-site.xml";

  private CrawlerConfiguration() {}

  public static Configuration create() {
    return addResources(new Configuration());
  }

  /** Adds the crawler's resources to an existing configuration (e.g. one a test cluster made). */
  public static Configuration addResources(Configuration conf) {
    conf.addResource(DEFAULT_RESOURCE);
    conf.addResource(SITE_RESOURCE);
    return conf;
  }

  /**
   * Where a configuration's resources are looked up, as Hadoop's own configurations do: the
   * thread's context class loader (bin/crawl's puts conf/ ahead of the jars' copies), else this
   * class's.
   */
  public static ClassLoader resourceLoader() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    return loader != null ? loader : CrawlerConfiguration.class.getClassLoader();
  }
}
