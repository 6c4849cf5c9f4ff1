package org.trawler.jobs.parse;

import org.trawler.jobs.JobCounter;

/**
 * parse's Hadoop counters (group {@value #GROUP}): the outlinks, and one counter per parse status
 * of the pages, named by {@code ParseData.statusName} (success, notparsed, parse_failed); and the
 * group {@value #REASONS_GROUP}, one counter per ParseReason recorded.
 */
public enum ParseCounter implements JobCounter {
  /** Outlinks kept, over all pages. */
  OUTLINKS,
  /** Pages whose meta refresh is a redirect (updatedb records them as redirects). */
  REFRESH_REDIRECTS,
  /**
   * Parses abandoned at parser.timeout (CPU time) or parser.timeout.wall: their threads were left
   * to finish alone.
   */
  ABANDONED_PARSES,
  /**
   * Linked datums written to crawl_parse: the outlinks combined per task and URL ({@link
   * LinkCombiningWriter}); counted only when combining.
   */
  LINKED_DATUMS_WRITTEN;

  public static final String GROUP = "parse";

  /** The group of one counter per ParseReason name ({@code truncated}, {@code parse_timeout}). */
  public static final String REASONS_GROUP = "parse_reasons";

  @Override
  public String group() {
    return GROUP;
  }
}
