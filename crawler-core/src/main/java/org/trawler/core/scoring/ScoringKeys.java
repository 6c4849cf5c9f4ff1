package org.trawler.core.scoring;

/** Configuration keys of link scoring (conf/trawler-default.xml, section Updatedb, schedules and scoring). */
public final class ScoringKeys {
  /** Factor on the score share passed to same-host outlinks. */
  public static final String LINK_INTERNAL = "db.score.link.internal";
  /** Factor on the score share passed to other-host outlinks. */
  public static final String LINK_EXTERNAL = "db.score.link.external";

  private ScoringKeys() {}
}
