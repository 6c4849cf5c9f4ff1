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

  /**
   * The fewest words (words with a digit not counted) a page's text needs for a near-duplicate
   * fingerprint; a shorter page gets none and dedup compares it by its exact signature only.
   */
  public static final String FINGERPRINT_WORDS_MIN = "parse.fingerprint.words.min";

  public static final int DEFAULT_FINGERPRINT_WORDS_MIN = 50;

  private ParseJobKeys() {}
}
