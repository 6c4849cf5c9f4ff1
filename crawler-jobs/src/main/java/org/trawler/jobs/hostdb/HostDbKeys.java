package org.trawler.jobs.hostdb;

/** Configuration keys of updatehostdb, with their defaults. */
public final class HostDbKeys {
  /**
   * Distinct values of one query parameter, all giving near-duplicate pages, that make it learned
   * irrelevant on a host; 0 turns learning off.
   */
  public static final String PARAMS_LEARN_MIN_EVIDENCE = "hostdb.params.learn.min.evidence";

  public static final int DEFAULT_PARAMS_LEARN_MIN_EVIDENCE = 3;

  /** Most fetched query URLs of one host updatehostdb keeps in memory to learn from. */
  public static final String PARAMS_LEARN_MAX_PAGES = "hostdb.params.learn.max.pages";

  public static final int DEFAULT_PARAMS_LEARN_MAX_PAGES = 5000;

  private HostDbKeys() {}
}
