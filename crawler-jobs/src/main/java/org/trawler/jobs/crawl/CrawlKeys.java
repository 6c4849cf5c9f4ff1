package org.trawler.jobs.crawl;

/**
 * Configuration keys of the round driver ({@code run}, trawler-default.xml "Dedup"), with defaults.
 */
public final class CrawlKeys {
  /**
   * Whether each round of {@code run} marks duplicates (dedup) after updatedb, as Nutch's crawl
   * script does, so that mirrors and print versions stay out of the index.
   */
  public static final String DEDUP = "crawl.dedup";

  public static final boolean DEFAULT_DEDUP = true;

  private CrawlKeys() {}
}
