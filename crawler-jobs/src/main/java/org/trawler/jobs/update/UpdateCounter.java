package org.trawler.jobs.update;

import org.trawler.jobs.JobCounter;

/**
 * updatedb's Hadoop counters (group {@value #GROUP}), and the group {@value #STATUS_GROUP} of one
 * counter per status of the new crawldb's entries, named by {@code CrawlStatus.label}.
 */
public enum UpdateCounter implements JobCounter {
  /** Entries for URLs the crawldb did not have. */
  URLS_NEW,
  /** New URLs left out: additions are off, or a URL had only a signature. */
  URLS_NOT_ADDED,
  /** New URLs left out: their host has db.max.urls.per.host crawldb URLs. */
  URLS_OVER_HOST_CAP,
  /** New URLs left out: their registered domain has db.max.urls.per.domain crawldb URLs. */
  URLS_OVER_DOMAIN_CAP,
  /**
   * Links sent to the twin of a crawldb URL that carries a query parameter learned irrelevant on
   * its host (generate skips such a URL as duplicate_param): the twin joins the crawldb if new.
   */
  DUPLICATE_PARAM_TWINS,
  /**
   * Links sent to the www. twin of a crawldb URL whose host waits for its www. host (generate skips
   * such a URL as www_twin): the twin joins the crawldb if new.
   */
  WWW_TWINS,
  /** Records of a kind updatedb does not expect under a URL, ignored. */
  RECORDS_UNEXPECTED,
  /** Redirect targets added as links. */
  REDIRECT_TARGETS,
  /** Redirect targets a normalizer, filter or the link policy refused. */
  REDIRECT_TARGETS_REJECTED,
  /**
   * Pages fetched this round that near-duplicate their host's answer to the soft-404 probe: marked
   * db_gone, reason soft_404.
   */
  SOFT_404,
  /**
   * Groups of pages sharing a signature or a fingerprint band in which two URLs are a pair dedup
   * could mark (counted only when the round driver asks: {@link UpdateKeys#INTERNAL_DEDUP_PAIRS}).
   */
  DEDUP_PAIR_GROUPS;

  public static final String GROUP = "updatedb";

  /** One counter per status of the new entries; their sum is the new crawldb's size. */
  public static final String STATUS_GROUP = "updatedb_status";

  @Override
  public String group() {
    return GROUP;
  }
}
