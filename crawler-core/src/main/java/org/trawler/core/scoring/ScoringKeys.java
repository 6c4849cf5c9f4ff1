package org.trawler.core.scoring;

/**
 * Configuration keys of link scoring (conf/trawler-default.xml, "Updatedb, schedules and scoring"),
 * with defaults.
 */
public final class ScoringKeys {
  /** Factor on the score share passed to same-host outlinks. */
  public static final String LINK_INTERNAL = "db.score.link.internal";

  public static final float DEFAULT_LINK_INTERNAL = 1.0f;

  /** Factor on the score share passed to other-host outlinks. */
  public static final String LINK_EXTERNAL = "db.score.link.external";

  public static final float DEFAULT_LINK_EXTERNAL = 1.0f;

  /** What generate orders due URLs by: opic, pagerank or combined ({@link ScoreOrder}). */
  public static final String ORDER = "scoring.order";

  public static final String DEFAULT_ORDER = "opic";

  /**
   * The scoring filters generate orders by and parse runs (short names or classes); empty: those
   * {@link #ORDER} stands for.
   */
  public static final String FILTERS = "scoring.filters";

  /** The topic file of the topic scoring filter ({@link TopicVector} says its form). */
  public static final String TOPIC_FILE = "scoring.topic.file";

  /** The share of a page's topic relevance its outlinks inherit. */
  public static final String TOPIC_DECAY = "scoring.topic.decay";

  public static final float DEFAULT_TOPIC_DECAY = 0.8f;

  /**
   * PageRank's damping factor: the probability that the random surfer follows a link rather than
   * jumping to a page chosen at random.
   */
  public static final String DAMPING = "rank.damping";

  public static final double DEFAULT_DAMPING = 0.85;

  private ScoringKeys() {}
}
