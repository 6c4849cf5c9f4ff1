package org.trawler.core.scoring;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Writable;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/**
 * The score generate ranks a due URL by, as scoring.order says. A URL found after the last {@code
 * rank} run has no PageRank yet: it counts as a page nobody links to, whose rank is the teleport
 * share alone, 1 - damping (in units of the average page's), so it is neither first nor starved.
 */
public record SelectionScore(ScoreOrder order, float unranked) {

  public static SelectionScore from(Configuration conf) {
    ScoreOrder order = ScoreOrder.parse(conf.get(ScoringKeys.ORDER, ScoringKeys.DEFAULT_ORDER));
    return new SelectionScore(order, (float) (1 - damping(conf)));
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
    return order == ScoreOrder.OPIC ? datum.getScore() : order.score(datum.getScore(), rank(datum));
  }

  /** The datum's PageRank, or {@link #unranked} when no rank run has seen it. */
  public float rank(CrawlDatum datum) {
    Writable value = datum.getMetadata().get(MetadataKeys.PAGE_RANK);
    return value instanceof FloatWritable f ? f.get() : unranked;
  }
}
