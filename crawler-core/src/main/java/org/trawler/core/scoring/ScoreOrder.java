package org.trawler.core.scoring;

import java.util.Locale;
import org.trawler.core.conf.BadSettingException;

/**
 * scoring.order: which score generate ranks due URLs by, when scoring.filters is empty; each value
 * stands for a list of scoring filters ({@link #filters}), which {@link ScoringFilters} combines.
 */
public enum ScoreOrder {
  /** The OPIC cash updatedb adds up from the links a URL receives (the crawldb score). */
  OPIC,
  /** The PageRank of the last {@code rank} run, in units of the average page's. */
  PAGERANK,
  /**
   * The geometric mean of both: each is about 1 for an average page, so neither scale dominates,
   * and a page must do well by both to come first.
   */
  COMBINED;

  /** The scoring.filters this order stands for. */
  public String filters() {
    return switch (this) {
      case OPIC -> "opic";
      case PAGERANK -> "pagerank";
      case COMBINED -> "opic pagerank";
    };
  }

  /** The score of a URL with OPIC cash {@code opic} and rank {@code pageRank}. */
  public float score(float opic, float pageRank) {
    return switch (this) {
      case OPIC -> opic;
      case PAGERANK -> pageRank;
      case COMBINED -> (float) Math.sqrt(Math.max(0f, opic) * Math.max(0f, pageRank));
    };
  }

  /** Parses the key's value; an unknown value is a BadSettingException. */
  public static ScoreOrder parse(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BadSettingException(
          ScoringKeys.ORDER, "must be opic, pagerank or combined, not '" + value + "'");
    }
  }
}
