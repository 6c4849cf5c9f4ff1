package org.trawler.jobs.hostdb;

/** Configuration keys of updatehostdb, with their defaults. */
public final class HostDbKeys {
  /**
   * The host database generate, the fetcher and updatedb read (what failed, what was learned);
   * empty = {@code hostdb} beside the crawldb when it exists.
   */
  public static final String HOSTDB = "generate.hostdb";

  public static final String DEFAULT_HOSTDB = "";

  /**
   * Distinct values of one query parameter, all giving near-duplicate pages, that make it learned
   * irrelevant on a host; 0 turns learning off.
   */
  public static final String PARAMS_LEARN_MIN_EVIDENCE = "hostdb.params.learn.min.evidence";

  public static final int DEFAULT_PARAMS_LEARN_MIN_EVIDENCE = 3;

  /** Most fetched query URLs of one host updatehostdb keeps in memory to learn from. */
  public static final String PARAMS_LEARN_MAX_PAGES = "hostdb.params.learn.max.pages";

  public static final int DEFAULT_PARAMS_LEARN_MAX_PAGES = 5000;

  /**
   * Pages of one URL template of a host, all near-duplicates of each other, that make it a trap
   * template (calendars, repeating paths, facet grids); 0 turns trap learning off.
   */
  public static final String TRAPS_LEARN_MIN_EVIDENCE = "hostdb.traps.learn.min.evidence";

  public static final int DEFAULT_TRAPS_LEARN_MIN_EVIDENCE = 4;

  /**
   * The median fingerprint distance, over pairs of a template's pages, within which the template is
   * a trap; distinct real pages are about 32 bits apart.
   */
  public static final String TRAPS_LEARN_DISTANCE = "hostdb.traps.learn.distance";

  public static final int DEFAULT_TRAPS_LEARN_DISTANCE = 12;

  /**
   * URLs of a newly learned trap template generate still takes in the next round; halved every
   * round after, down to 0.
   */
  public static final String TRAPS_BUDGET = "hostdb.traps.budget";

  public static final int DEFAULT_TRAPS_BUDGET = 8;

  // Read by generate and the sitemap job (HostPolicy): when a failing host is skipped.

  /**
   * A host whose last rounds all failed (every fetch a retry) more than this many times in a row is
   * skipped for {@link #HOST_FAILURE_DELAY}; negative = never skipped.
   */
  public static final String HOST_MAX_FAILURES = "generate.host.max.failures";

  public static final int DEFAULT_HOST_MAX_FAILURES = 3;

  /** Seconds after its last failed round that a skipped failing host is tried again. */
  public static final String HOST_FAILURE_DELAY = "generate.host.failure.delay";

  public static final long DEFAULT_HOST_FAILURE_DELAY = 86400;

  /**
   * At most this many URLs per segment from a host whose last round failed (not yet skipped): a few
   * to probe whether it is back; negative = generate.max.count applies as to any host.
   */
  public static final String HOSTDB_MAX_COUNT_FAILING = "generate.hostdb.max.count.failing";

  public static final int DEFAULT_HOSTDB_MAX_COUNT_FAILING = -1;

  /**
   * Fetched pages of a host that dedup marked copies of another host's pages at the same paths
   * (more than half of its fetched pages) that make it that host's mirror, whose URLs generate
   * leaves out; 0 turns mirror learning off.
   */
  public static final String MIRRORS_LEARN_MIN_EVIDENCE = "hostdb.mirrors.learn.min.evidence";

  public static final int DEFAULT_MIRRORS_LEARN_MIN_EVIDENCE = 3;

  /**
   * Names that only redirected while their www. host served pages that make the crawl hold back
   * every name whose www. host serves pages (its twins there are fetched); 0 turns it off.
   */
  public static final String WWW_LEARN_MIN_EVIDENCE = "hostdb.www.learn.min.evidence";

  public static final int DEFAULT_WWW_LEARN_MIN_EVIDENCE = 3;

  /**
   * Internal: the installed hostdb version a job's tasks read (HostKnowledgeReader); unset = none.
   */
  public static final String INTERNAL_CURRENT = "trawler.hostdb.current";

  /** Whether the tasks read each host's harmonic centrality too (set by the job's driver). */
  public static final String INTERNAL_READ_RANK = "trawler.hostdb.read.rank";

  private HostDbKeys() {}
}
