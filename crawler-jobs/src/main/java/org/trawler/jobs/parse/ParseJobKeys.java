package org.trawler.jobs.parse;

/**
 * Configuration keys of the parse job's output (trawler-default.xml, "Parsing"), with defaults;
 * they apply wherever crawl_parse is written (the parse job, and the fetch task with
 * fetcher.parse).
 */
public final class ParseJobKeys {
  /**
   * Distinct URLs a task keeps combined linked datums for before it writes them out ({@link
   * LinkCombiningWriter}); 0 = one linked datum per link, uncombined.
   */
  public static final String LINKED_COMBINE_URLS = "parse.linked.combine.urls";

  public static final int DEFAULT_LINKED_COMBINE_URLS = 50_000;

  private ParseJobKeys() {}
}
