package org.trawler.core.scoring;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.plugin.Plugins;

/**
 * The scoring filters of scoring.filters, made through {@link Plugins}; when that is empty, those
 * scoring.order stands for ({@link ScoreOrder#filters}): opic by default. Generate's score of a URL
 * is the geometric mean of the filters' factors: one filter's factor as it is, two the square root
 * of their product (each about 1 for an average page, so neither scale dominates and a page must do
 * well by both to come first). With more than one filter a negative factor counts as 0.
 */
public final class ScoringFilters {
  /**
   * The values scoring filters pass to outlinks, each with its filter's rule ({@link LinkedScore}).
   */
  public static final List<LinkedScore> LINKED_SCORES = List.of(TopicScoringFilter.RELEVANCE);

  private final List<ScoringFilter> filters;

  public ScoringFilters(List<ScoringFilter> filters) {
    if (filters.isEmpty()) {
      throw new IllegalArgumentException("no scoring filter");
    }
    this.filters = List.copyOf(filters);
  }

  public static ScoringFilters from(Configuration conf) {
    return new ScoringFilters(
        Plugins.createAll(conf, ScoringKeys.FILTERS, names(conf), ScoringFilter.class));
  }

  /** The filter names in force: scoring.filters, or scoring.order's when it is empty. */
  static String names(Configuration conf) {
    String names = conf.get(ScoringKeys.FILTERS, "").trim();
    if (!names.isEmpty()) {
      return names;
    }
    return ScoreOrder.parse(conf.get(ScoringKeys.ORDER, ScoringKeys.DEFAULT_ORDER)).filters();
  }

  public List<ScoringFilter> filters() {
    return filters;
  }

  /** The score generate orders {@code datum} by: the geometric mean of the filters' factors. */
  public float selectionScore(CrawlDatum datum) {
    if (filters.size() == 1) {
      return filters.get(0).selectionFactor(datum);
    }
    float product = 1f;
    for (ScoringFilter f : filters) {
      product *= Math.max(0f, f.selectionFactor(datum));
    }
    return (float)
        (filters.size() == 2 ? Math.sqrt(product) : Math.pow(product, 1.0 / filters.size()));
  }

  /** Lets every filter mark a parsed page's signature datum and its outlinks' linked datums. */
  public void scoreParsed(String url, String text, CrawlDatum signature, List<CrawlDatum> linked) {
    for (ScoringFilter f : filters) {
      f.scoreParsed(url, text, signature, linked);
    }
  }
}
