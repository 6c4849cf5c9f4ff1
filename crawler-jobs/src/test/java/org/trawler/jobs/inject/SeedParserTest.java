package org.trawler.jobs.inject;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.NetKeys;
import org.trawler.core.schedule.ScheduleKeys;
import org.trawler.jobs.inject.SeedLine.BadSeedException;
import org.trawler.jobs.inject.SeedLine.Problem;

public class SeedParserTest {
  private static final long NOW = 1_700_000_000_000L;

  static Configuration testConf() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(NetKeys.NORMALIZER_ORDER, TestURLNormalizer.class.getName());
    conf.set(NetKeys.FILTER_ORDER, HttpOnlyURLFilter.class.getName());
    return conf;
  }

  private final SeedParser parser = SeedParser.fromConf(testConf());

  @Test
  public void plainSeedGetsTheConfiguredDefaults() throws Exception {
    SeedParser.Accepted seed = parser.parse("http://example.com/", NOW);
    assertEquals("http://example.com/", seed.url);
    CrawlDatum d = seed.datum;
    assertEquals(CrawlStatus.INJECTED, d.getStatus());
    assertEquals(1.0f, d.getScore(), 0);
    assertEquals(2592000, d.getFetchInterval());
    assertEquals(NOW, d.getFetchTime());
    assertEquals(0, d.getDepth());
    assertEquals(new IntWritable(0), d.getMetadata().get(MetadataKeys.DEPTH));
    assertNull(d.getSignature());
  }

  @Test
  public void defaultsComeFromTheConfiguration() throws Exception {
    Configuration conf = testConf();
    conf.setFloat(InjectKeys.SCORE_INJECTED, 0.25f);
    conf.setInt(ScheduleKeys.INTERVAL, 600);
    CrawlDatum d = SeedParser.fromConf(conf).parse("http://example.com/", NOW).datum;
    assertEquals(0.25f, d.getScore(), 0);
    assertEquals(600, d.getFetchInterval());
  }

  @Test
  public void seedMetadataSetsScoreIntervalAndFreeKeys() throws Exception {
    CrawlDatum d =
        parser.parse(
                "http://a.com/\tnutch.score=2.5\tnutch.fetchInterval=86400\tcategory=News", NOW)
            .datum;
    assertEquals(2.5f, d.getScore(), 0);
    assertEquals(86400, d.getFetchInterval());
    assertEquals(new Text("News"), d.getMetadata().get(new Text("category")));
    assertNull(d.getMetadata().get(MetadataKeys.FIXED_INTERVAL));
  }

  @Test
  public void fixedIntervalOverridesTheIntervalAndIsPinnedInMetadata() throws Exception {
    CrawlDatum d =
        parser.parse(
                "http://a.com/\tnutch.fetchInterval.fixed=3600\tnutch.fetchInterval=86400", NOW)
            .datum;
    assertEquals(3600, d.getFetchInterval());
    assertEquals(new IntWritable(3600), d.getMetadata().get(MetadataKeys.FIXED_INTERVAL));
  }

  @Test
  public void seedCannotSetItsOwnDepth() throws Exception {
    assertEquals(0, parser.parse("http://a.com/\t_depth_=7", NOW).datum.getDepth());
  }

  @Test
  public void urlIsNormalizedInScopeInject() throws Exception {
    assertEquals("http://a.com/x", parser.parse("HTTP://a.com/x", NOW).url);
  }

  @Test
  public void blankLineIsSkipped() throws Exception {
    assertNull(parser.parse("", NOW));
  }

  @Test
  public void urlWithSpacesIsMalformedEvenWhenANormalizerWouldEncodeThem() {
    assertProblem(parser, "http://a.com/x y", Problem.MALFORMED_URL, "a space at column 15");
    Configuration conf = testConf();
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    assertProblem(
        SeedParser.fromConf(conf), "http://a.com/x y", Problem.MALFORMED_URL, "separated by tabs");
  }

  @Test
  public void urlWithoutSchemeOrHostIsMalformed() {
    assertProblem(
        parser, "www.example.com/page", Problem.MALFORMED_URL, "needs a scheme and a host");
    assertProblem(parser, "http:/example.com/", Problem.MALFORMED_URL, "needs a scheme and a host");
    assertProblem(
        parser, "mailto:someone@example.com", Problem.MALFORMED_URL, "needs a scheme and a host");
    assertProblem(parser, "http://", Problem.MALFORMED_URL, "malformed URL");
  }

  @Test
  public void normalizerFailureIsMalformed() {
    assertProblem(parser, "nourl", Problem.MALFORMED_URL, "no protocol");
  }

  @Test
  public void normalizerBugIsCountedNotFatal() {
    assertProblem(
        parser,
        "http://a.com/bug/",
        Problem.URL_RULES_FAILED,
        "a URL normalizer failed: java.lang.IllegalStateException");
    assertEquals(InjectCounter.URLS_MALFORMED, Problem.URL_RULES_FAILED.summaryCounter());
  }

  @Test
  public void normalizerDropIsARejection() {
    assertProblem(parser, "http://a.com/drop/x", Problem.REJECTED_BY_NORMALIZER, "normalizer");
    assertEquals(InjectCounter.URLS_REJECTED, Problem.REJECTED_BY_NORMALIZER.summaryCounter());
  }

  @Test
  public void unknownSchemeIsLeftToTheFilters() throws Exception {
    assertProblem(parser, "gopher://a.com/", Problem.REJECTED_BY_FILTER, "filters");
    Configuration conf = testConf();
    conf.set(NetKeys.FILTER_ORDER, "");
    assertEquals("gopher://a.com/", SeedParser.fromConf(conf).parse("gopher://a.com/", NOW).url);
  }

  @Test
  public void hostWithUnderscoreIsAccepted() throws Exception {
    assertEquals(
        "http://my_host.example.com/", parser.parse("http://my_host.example.com/", NOW).url);
  }

  @Test
  public void tooLongUrlIsMalformed() {
    StringBuilder sb = new StringBuilder("http://a.com/");
    while (sb.length() < 10_000) {
      sb.append('a');
    }
    assertProblem(parser, sb.toString(), Problem.URL_TOO_LONG, "10000 characters");
    assertEquals(InjectCounter.URLS_MALFORMED, Problem.URL_TOO_LONG.summaryCounter());
  }

  private static void assertProblem(
      SeedParser parser, String line, Problem expected, String messagePart) {
    try {
      parser.parse(line, NOW);
      fail("expected " + expected + " for " + line);
    } catch (BadSeedException e) {
      assertEquals(expected, e.problem());
      assertTrue(e.getMessage(), e.getMessage().contains(messagePart));
    }
  }
}
