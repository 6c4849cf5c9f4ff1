package org.trawler.jobs.fetch;

import org.trawler.jobs.JobCounter;

/**
 * The fetcher's Hadoop counters (group {@value #GROUP}), beside one counter per fetch status (named
 * by {@code CrawlStatus.label}) and each {@link HaltCause}; and the group {@value #REASONS_GROUP}
 * of one counter per fetch {@link org.trawler.core.protocol.Reason reason} name (ok, http_404,
 * ...).
 */
public enum FetchCounter implements JobCounter {
  /** Pages fetched with content. */
  PAGES,
  /** Bytes of that content. */
  BYTES,
  /** Pages the in-task parser (fetcher.parse) threw on. */
  PARSE_FAILED,
  /** Fetch lists that could not be read to their end. */
  FETCH_LIST_UNREADABLE,
  /** Fetches the watchdog found stuck. */
  STUCK,
  /** robots.txt requests: sites whose kept answer was missing or too old. */
  ROBOTS_ASKED,
  /** /.well-known/tdmrep.json requests (fetcher.tdmrep): one per robots.txt answer of a site. */
  TDMREP_ASKED,
  /** Soft-404 probes asked (fetcher.soft404.probe): one random path per host, not a page. */
  SOFT404_PROBES,
  /** Probes the host answered 200 with a page: its missing pages are soft 404s. */
  SOFT404_PROBES_PAGE;

  public static final String GROUP = "fetcher";

  /** One counter per reason name. */
  public static final String REASONS_GROUP = "fetch_reasons";

  @Override
  public String group() {
    return GROUP;
  }
}
