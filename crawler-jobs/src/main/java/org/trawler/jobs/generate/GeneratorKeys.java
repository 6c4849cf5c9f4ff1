package org.trawler.jobs.generate;

/**
 * Configuration keys of generate (trawler-default.xml, "Generate") with defaults, and the tool's
 * job parameters.
 */
public final class GeneratorKeys {
  /** At most this many URLs per host or domain in one segment; below 1 = no limit. */
  public static final String MAX_COUNT = "generate.max.count";

  public static final int DEFAULT_MAX_COUNT = -1;

  /**
   * Whether each host's most URLs in a segment is a share of topN that grows with its harmonic
   * centrality (hostrank), from the floor to the cap.
   */
  public static final String MAX_COUNT_BY_RANK = "generate.max.count.by.rank";

  public static final boolean DEFAULT_MAX_COUNT_BY_RANK = false;

  /** The share of topN a host gets with budgets by rank when it is unranked or least central. */
  public static final String MAX_COUNT_BY_RANK_FLOOR = "generate.max.count.by.rank.floor";

  public static final double DEFAULT_MAX_COUNT_BY_RANK_FLOOR = 0.001;

  /** The share of topN the most central host gets with budgets by rank. */
  public static final String MAX_COUNT_BY_RANK_CAP = "generate.max.count.by.rank.cap";

  public static final double DEFAULT_MAX_COUNT_BY_RANK_CAP = 0.05;

  /**
   * What {@link #MAX_COUNT} counts by: host or domain (see {@link org.trawler.core.net.HostGroup}).
   */
  public static final String COUNT_MODE = "generate.count.mode";

  public static final String DEFAULT_COUNT_MODE = "host";

  /** Selection order: score (best-first) or depth (breadth-first, then score). */
  public static final String ORDER = "generate.order";

  public static final String DEFAULT_ORDER = "score";

  /** Seconds during which a URL marked with _ngt_ is not selected again. */
  public static final String DELAY = "generate.delay";

  public static final long DEFAULT_DELAY = 604800;

  /** Mark the selected URLs in a new crawldb version. */
  public static final String UPDATE_CRAWLDB = "generate.update.crawldb";

  public static final boolean DEFAULT_UPDATE_CRAWLDB = false;

  /** Apply the URL filters to due URLs (-noFilter turns it off). */
  public static final String FILTER = "generate.filter";

  public static final boolean DEFAULT_FILTER = true;

  /** Normalize due URLs in scope generate before filtering (-noNorm turns it off). */
  public static final String NORMALISE = "generate.normalise";

  public static final boolean DEFAULT_NORMALISE = true;

  /** Do not select URLs deeper than this; -1 = no limit (a URL's _maxdepth_ overrides it). */
  public static final String MAX_DEPTH = "scoring.depth.max";

  public static final int DEFAULT_MAX_DEPTH = -1;

  /**
   * Select and write the fetch list in one job when there is one fetch list and the crawldb holds
   * at most this many bytes on disk (its one reducer holds the selected URLs); 0 = always two jobs.
   */
  public static final String ONE_JOB_MAX_BYTES = "generate.one.job.max.bytes";

  public static final long DEFAULT_ONE_JOB_MAX_BYTES = 1048576;

  // Job parameters: the Generator sets these for its tasks on every run; they are not user
  // settings.

  /** ms epoch: the generate time, written as _ngt_ and used for generate.delay. */
  static final String TIME = "trawler.generate.time";

  /** ms epoch: a URL is due when its fetchTime is at or before this (now + adddays). */
  static final String DUE_BEFORE = "trawler.generate.due.before";

  /** At most this many URLs in total; 0 = no limit. */
  static final String TOP_N = "trawler.generate.topn";

  /**
   * Directory where select reducers leave a sample of their sorted output (set only when a cut may
   * follow).
   */
  static final String SAMPLE_DIR = "trawler.generate.sample.dir";

  /**
   * The rank (stringified) after which no candidate can be in the top N; the cut job drops those.
   */
  static final String RANK_BOUND = "trawler.generate.rank.bound";

  /** Directory where the top-N reducers leave how many records each wrote. */
  static final String RANGE_COUNT_DIR = "trawler.generate.range.count.dir";

  /** Name of the ranked part file in which the top-N cut falls. */
  static final String CUT_PART = "trawler.generate.cut.part";

  /** How many records of {@link #CUT_PART} are selected. */
  static final String CUT_LIMIT = "trawler.generate.cut.limit";

  private GeneratorKeys() {}
}
