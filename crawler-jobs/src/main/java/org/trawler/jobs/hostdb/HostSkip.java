package org.trawler.jobs.hostdb;

/**
 * Why the hostdb's knowledge keeps a URL or a host out of a segment or a site list now ({@link
 * HostPolicy}); generate counts each as its own skip reason.
 */
public enum HostSkip {
  /** The host's last rounds all failed, more than generate.host.max.failures in a row. */
  HOST_FAILING,
  /** The host backed off after 429/503 answers: its URLs wait, still due. */
  HOST_BACKOFF,
  /** The URL carries a query parameter learned irrelevant on its host: its twin is fetched. */
  DUPLICATE_PARAM,
  /** The URL's host mirrors another host (learned from dedup's copies): the original is fetched. */
  MIRROR_HOST,
  /**
   * The URL's host is a name whose www. host serves its pages (names of the crawl redirect there):
   * the twin on the www. host is fetched.
   */
  WWW_TWIN,
  /** The URL's template is a trap learned on its host, and its budget for this round is spent. */
  TRAP_PATTERN
}
