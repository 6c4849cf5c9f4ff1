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

  private ScoringKeys() {}
}
