package org.trawler.core.scoring;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;

/**
 * The score generate ranks a due URL by: the {@link ScoringFilters} of scoring.filters (or of
 * scoring.order) combined.
 */
public record SelectionScore(ScoringFilters filters) {

  /** The filters {@code conf} names; rank.damping is checked whichever they are. */
  public static SelectionScore from(Configuration conf) {
    damping(conf);
    return new SelectionScore(ScoringFilters.from(conf));
  }

  /** rank.damping, checked: strictly between 0 and 1. */
  public static double damping(Configuration conf) {
    double d = Settings.getDouble(conf, ScoringKeys.DAMPING, ScoringKeys.DEFAULT_DAMPING);
    if (!(d > 0 && d < 1)) {
      throw new BadSettingException(ScoringKeys.DAMPING, "must be above 0 and below 1, not " + d);
    }
    return d;
  }

  /** The datum's score in this order. */
  public float of(CrawlDatum datum) {
    return filters.selectionScore(datum);
  }
}
