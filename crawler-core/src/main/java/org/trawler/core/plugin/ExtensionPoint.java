package org.trawler.core.plugin;

import java.util.Locale;

/**
 * Every extension point: the one table that docs/architecture.md lists and {@link Plugins} checks
 * (it makes only the interfaces named here). An interface is named rather than referred to: the
 * index writer's lives in crawler-jobs, and this package depends on no other of ours.
 */
public enum ExtensionPoint {
  URL_NORMALIZER("org.trawler.core.net.URLNormalizer"),
  URL_FILTER("org.trawler.core.net.URLFilter"),
  PARSER("org.trawler.core.parse.Parser"),
  PARSE_FILTER("org.trawler.core.parse.ParseFilter"),
  TYPE_DETECTOR("org.trawler.core.parse.TypeDetector"),
  SIGNATURE("org.trawler.core.parse.Signature"),
  FETCH_SCHEDULE("org.trawler.core.schedule.FetchSchedule"),
  PROTOCOL("org.trawler.core.protocol.Protocol"),
  SCORING_FILTER("org.trawler.core.scoring.ScoringFilter"),
  INDEX_WRITER("org.trawler.jobs.index.IndexWriter");

  private final String interfaceName;

  ExtensionPoint(String interfaceName) {
    this.interfaceName = interfaceName;
  }

  /** The full name of the interface an implementation implements. */
  public String interfaceName() {
    return interfaceName;
  }

  /** How a message names one implementation: "index writer". */
  public String title() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /**
   * The extension point of {@code type}; a type not in this table is a bug in the caller, who must
   * add it here and to docs/architecture.md.
   */
  public static ExtensionPoint of(Class<?> type) {
    for (ExtensionPoint point : values()) {
      if (point.interfaceName.equals(type.getName())) {
        return point;
      }
    }
    throw new IllegalStateException(
        type.getName() + " is not an extension point: add it to " + ExtensionPoint.class.getName());
  }
}
