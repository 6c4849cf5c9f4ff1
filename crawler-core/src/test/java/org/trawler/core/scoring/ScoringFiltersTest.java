package org.trawler.core.scoring;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

public class ScoringFiltersTest {

  private static Configuration conf(String key, String value) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    return conf;
  }

  private static CrawlDatum datum(float opic, float pageRank, float topic) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 60, opic);
    d.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(pageRank));
    d.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(topic));
    return d;
  }

  private static List<Class<?>> classes(ScoringFilters filters) {
    return filters.filters().stream().<Class<?>>map(Object::getClass).toList();
  }

  @Test
  public void emptyFiltersTakeWhatScoringOrderStandsFor() {
    assertEquals(
        List.of(OpicScoringFilter.class), classes(ScoringFilters.from(new Configuration(false))));
    assertEquals(
        List.of(PageRankScoringFilter.class),
        classes(ScoringFilters.from(conf(ScoringKeys.ORDER, "pagerank"))));
    assertEquals(
        List.of(OpicScoringFilter.class, PageRankScoringFilter.class),
        classes(ScoringFilters.from(conf(ScoringKeys.ORDER, "combined"))));
  }

  @Test
  public void filtersWinOverTheOrderAndTheirFactorsCombineAsAGeometricMean() {
    Configuration conf = conf(ScoringKeys.FILTERS, "pagerank, opic");
    conf.set(ScoringKeys.ORDER, "opic");
    ScoringFilters filters = ScoringFilters.from(conf);
    assertEquals(4f, filters.selectionScore(datum(2f, 8f, 0.5f)), 1e-6f);
    ScoringFilters three =
        new ScoringFilters(
            List.of(
                new OpicScoringFilter(),
                new PageRankScoringFilter(),
                TopicScoringFilter.of(TopicVector.parse(List.of("x"), p -> ""), 0.5f)));
    assertEquals(2f, three.selectionScore(datum(4f, 8f, 0.25f)), 1e-6f);
    assertEquals(0f, three.selectionScore(datum(-4f, 8f, 0.25f)), 0f);
  }

  @Test
  public void anUnknownFilterNameIsABadSettingNamingTheKey() {
    BadSettingException e =
        assertThrows(
            BadSettingException.class,
            () -> ScoringFilters.from(conf(ScoringKeys.FILTERS, "hits")));
    assertEquals(ScoringKeys.FILTERS, e.key());
  }
}
