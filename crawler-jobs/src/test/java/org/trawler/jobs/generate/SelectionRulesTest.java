package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.NetKeys;

public class SelectionRulesTest {
  private static final long NOW = 1_700_000_000_000L;
  private static final String URL = "http://example.com/a";

  private static SelectionRules rules(long addDays, int maxDepth) {
    return new SelectionRules(NOW, NOW + addDays * Datums.DAY, 3600, maxDepth, null, null);
  }

  @Test
  public void urlDueNowOrEarlierIsSelected() {
    assertNull(rules(0, -1).skipReason(URL, Datums.due(NOW, 1f, 0)));
    assertNull(rules(0, -1).skipReason(URL, Datums.due(NOW - Datums.DAY, 1f, 0)));
  }

  @Test
  public void urlDueLaterIsNotDue() {
    assertEquals(SkipReason.NOT_DUE, rules(0, -1).skipReason(URL, Datums.due(NOW + 1, 1f, 0)));
  }

  @Test
  public void addDaysMakesUrlsDueWithinThoseDaysDue() {
    CrawlDatum inThirtyDays = Datums.due(NOW + 30 * Datums.DAY, 1f, 0);
    assertEquals(SkipReason.NOT_DUE, rules(29, -1).skipReason(URL, inThirtyDays));
    assertNull(rules(31, -1).skipReason(URL, inThirtyDays));
  }

  @Test
  public void duplicatesAndOrphansAreNeverSelected() {
    assertEquals(
        SkipReason.DUPLICATE,
        rules(0, -1).skipReason(URL, Datums.withStatus(CrawlStatus.DB_DUPLICATE, 0)));
    assertEquals(
        SkipReason.ORPHAN,
        rules(0, -1).skipReason(URL, Datums.withStatus(CrawlStatus.DB_ORPHAN, 0)));
  }

  @Test
  public void fetchedAndGoneUrlsAreSelectedWhenDue() {
    assertNull(rules(0, -1).skipReason(URL, Datums.withStatus(CrawlStatus.DB_FETCHED, NOW - 1)));
    assertNull(rules(0, -1).skipReason(URL, Datums.withStatus(CrawlStatus.DB_GONE, NOW - 1)));
  }

  @Test
  public void urlMarkedByGenerateWithinTheDelayIsSkipped() {
    CrawlDatum marked = Datums.due(0, 1f, 0);
    marked.putMeta(MetadataKeys.GENERATE_TIME, NOW - 1000);
    assertEquals(SkipReason.GENERATE_MARKED, rules(0, -1).skipReason(URL, marked));
  }

  @Test
  public void urlMarkedLongerAgoThanTheDelayIsSelectedAgain() {
    CrawlDatum marked = Datums.due(0, 1f, 0);
    marked.putMeta(MetadataKeys.GENERATE_TIME, NOW - 3601 * 1000L);
    assertNull(rules(0, -1).skipReason(URL, marked));
  }

  @Test
  public void urlDeeperThanMaxDepthIsSkipped() {
    assertNull(rules(0, 2).skipReason(URL, Datums.due(0, 1f, 2)));
    assertEquals(SkipReason.TOO_DEEP, rules(0, 2).skipReason(URL, Datums.due(0, 1f, 3)));
    assertNull(rules(0, -1).skipReason(URL, Datums.due(0, 1f, 300)));
  }

  @Test
  public void perUrlMaxDepthOverridesTheConfiguredOne() {
    CrawlDatum deepAllowed = Datums.due(0, 1f, 5);
    deepAllowed.putMeta(MetadataKeys.MAX_DEPTH, 10);
    assertNull(rules(0, 2).skipReason(URL, deepAllowed));
    CrawlDatum shallowOnly = Datums.due(0, 1f, 1);
    shallowOnly.putMeta(MetadataKeys.MAX_DEPTH, 0);
    assertEquals(SkipReason.TOO_DEEP, rules(0, -1).skipReason(URL, shallowOnly));
  }

  @Test
  public void urlRejectedByTheFiltersIsFiltered() {
    SelectionRules rules = new SelectionRules(NOW, NOW, 0, -1, null, new RejectingURLFilter());
    assertEquals(
        SkipReason.FILTERED,
        rules.skipReason("http://example.com/private/x", Datums.due(0, 1f, 0)));
    assertNull(rules.skipReason("http://example.com/public/x", Datums.due(0, 1f, 0)));
  }

  @Test
  public void filtersAndNormalizersComeFromTheConfigurationUnlessTurnedOff() {
    Configuration conf = new Configuration(false);
    conf.setLong(GeneratorKeys.TIME, NOW);
    conf.setLong(GeneratorKeys.DUE_BEFORE, NOW);
    conf.set(NetKeys.FILTER_ORDER, RejectingURLFilter.class.getName());
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    String url = "http://example.com/private/x";
    assertEquals(
        SkipReason.FILTERED, SelectionRules.fromConf(conf).skipReason(url, Datums.due(0, 1f, 0)));
    conf.setBoolean(GeneratorKeys.FILTER, false);
    assertNull(SelectionRules.fromConf(conf).skipReason(url, Datums.due(0, 1f, 0)));
  }

  @Test
  public void normalizerRejectingTheUrlFiltersIt() {
    SelectionRules rules = new SelectionRules(NOW, NOW, 0, -1, (url, scope) -> null, null);
    assertEquals(SkipReason.FILTERED, rules.skipReason(URL, Datums.due(0, 1f, 0)));
  }

  @Test
  public void normalizerSeesTheGenerateScope() {
    SelectionRules rules =
        new SelectionRules(
            NOW,
            NOW,
            0,
            -1,
            (url, scope) -> scope.equals("generate") ? url.replace("/private/", "/public/") : url,
            new RejectingURLFilter());
    assertNull(rules.skipReason("http://example.com/private/x", Datums.due(0, 1f, 0)));
  }

  @Test
  public void unparsableUrlIsMalformed() {
    assertEquals(
        SkipReason.MALFORMED, rules(0, -1).skipReason("no-scheme/at/all", Datums.due(0, 1f, 0)));
  }
}
