package org.trawler.core.scoring;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/**
 * {@code pagerank}: the PageRank of the last {@code rank} run ({@link MetadataKeys#PAGE_RANK}), in
 * units of the average page's. A URL found after that run has no rank yet: it counts as a page
 * nobody links to, whose rank is the teleport share alone, 1 - rank.damping, so it is neither first
 * nor starved.
 */
public class PageRankScoringFilter implements ScoringFilter {
  private float unranked = (float) (1 - ScoringKeys.DEFAULT_DAMPING);

  @Override
  public void configure(Configuration conf) {
    unranked = (float) (1 - SelectionScore.damping(conf));
  }

  @Override
  public float selectionFactor(CrawlDatum datum) {
    Writable value = datum.getMetadata().get(MetadataKeys.PAGE_RANK);
    return value instanceof FloatWritable f ? f.get() : unranked;
  }
}
