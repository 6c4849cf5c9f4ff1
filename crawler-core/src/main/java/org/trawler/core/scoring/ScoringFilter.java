package org.trawler.core.scoring;

import java.util.List;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.plugin.Plugin;

/**
 * A scoring filter (extension point {@code SCORING_FILTER}, setting scoring.filters): one factor of
 * the score generate orders due URLs by, and what a parsed page tells its crawldb entry and its
 * outlinks. {@link ScoringFilters} makes the set a job uses and combines the factors.
 */
public interface ScoringFilter extends Plugin {

  /**
   * This filter's factor of generate's order for {@code datum}, a crawldb entry; about 1 for an
   * average page (OPIC cash, PageRank in units of the average page's) or 0..1 (topic relevance).
   */
  float selectionFactor(CrawlDatum datum);

  /**
   * At parse, once per page: marks {@code signature} (what updatedb takes into the page's crawldb
   * entry) and {@code linked} (one linked datum per outlink, in the outlinks' order) from the
   * page's text. Most filters need nothing here: OPIC's shares are the linked datums' scores
   * already.
   */
  default void scoreParsed(
      String url, String text, CrawlDatum signature, List<CrawlDatum> linked) {}
}
