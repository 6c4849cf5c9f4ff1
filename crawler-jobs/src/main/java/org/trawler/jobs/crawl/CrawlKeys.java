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

  /**
   * A round that fetched at most this many new pages runs invertlinks beside updatedb, dedup and
   * updatehostdb (-1: never): its jobs then cost mostly their set-up, which two jobs share the
   * cores for. A larger round runs them one at a time, each with the cores and its sort buffers.
   */
  public static final String SIDE_BY_SIDE_MAX_PAGES = "crawl.side.by.side.max.pages";

  public static final int DEFAULT_SIDE_BY_SIDE_MAX_PAGES = 1000;

  private CrawlKeys() {}
}
