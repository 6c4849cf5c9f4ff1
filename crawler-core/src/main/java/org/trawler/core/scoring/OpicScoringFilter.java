package org.trawler.core.scoring;

import org.trawler.core.datum.CrawlDatum;

/**
 * {@code opic}: the OPIC cash updatedb adds up from the links a URL receives, the crawldb score.
 * Parse hands a page's cash on to its outlinks ({@link LinkScorer}) whatever the filters.
 */
public class OpicScoringFilter implements ScoringFilter {
  @Override
  public float selectionFactor(CrawlDatum datum) {
    return datum.getScore();
  }
}
