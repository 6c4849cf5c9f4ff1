package org.trawler.core.net;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * What normalizing and filtering made of URLs, remembered across the pages of a task: most links of
 * a site's pages (nav bars, indexes, type columns) point to the same few thousand URLs, and the
 * regular expressions are the dearest part of a link. Bounded; safe for several threads. A task's
 * parsers share one ({@code ParseSetup}); it holds the outcomes of one chain only.
 */
public final class URLOutcomes {
  /** The outcome of a rejected URL: no accepted URL is empty. */
  public static final String REJECTED = "";

  /** URLs remembered by default, at most (about 10 MB). */
  public static final int DEFAULT_MAX_URLS = 50_000;

  private final Map<String, String> outcomes = new ConcurrentHashMap<>();
  private final int maxUrls;

  public URLOutcomes(int maxUrls) {
    this.maxUrls = maxUrls;
  }

  /**
   * The URL {@code accept} makes of {@code url} (null from it = {@link #REJECTED}), computed once
   * while remembered; {@code accept} must depend on the URL alone.
   */
  public String of(String url, UnaryOperator<String> accept) {
    String outcome = outcomes.get(url);
    if (outcome == null) {
      String accepted = accept.apply(url);
      outcome = accepted == null ? REJECTED : accepted;
      if (outcomes.size() >= maxUrls) {
        outcomes.clear(); // cheaper than an LRU, and a site's nav bar is back in after one page
      }
      outcomes.put(url, outcome);
    }
    return outcome;
  }
}
