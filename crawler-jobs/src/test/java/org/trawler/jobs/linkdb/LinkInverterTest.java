package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.Outlink;
import org.trawler.core.parse.ParseKeys;
import org.trawler.jobs.linkdb.LinkInverter.Inversion;
import org.trawler.jobs.linkdb.LinkInverter.InvertedLink;

public class LinkInverterTest {

  private static final String FROM = "http://a.example/page.html";

  private static Configuration conf(boolean ignoreInternal) {
    Configuration conf = new Configuration(false);
    conf.set("urlnormalizer.order", LowerCaseURLNormalizer.class.getName());
    conf.set("urlfilter.order", NoPrivateURLFilter.class.getName());
    conf.setBoolean(LinkDbKeys.IGNORE_INTERNAL_LINKS, ignoreInternal);
    conf.setInt(ParseKeys.MAX_ANCHOR_LENGTH, 10);
    return conf;
  }

  @Test
  public void everyKeptOutlinkBecomesAnInlinkOfItsTarget() {
    Inversion inv =
        LinkInverter.fromConf(conf(false))
            .invert(
                FROM,
                List.of(
                    new Outlink("http://b.example/x", "to x"),
                    new Outlink("http://a.example/y", "to y")));
    assertEquals(
        List.of(
            new InvertedLink("http://b.example/x", FROM, "to x"),
            new InvertedLink("http://a.example/y", FROM, "to y")),
        inv.links());
    assertEquals(0, inv.rejected());
    assertEquals(0, inv.internal());
  }

  @Test
  public void targetsAreNormalizedAndFilteredAndMalformedOnesRejected() {
    Inversion inv =
        LinkInverter.fromConf(conf(false))
            .invert(
                FROM,
                List.of(
                    new Outlink("HTTP://B.EXAMPLE/Upper", "u"),
                    new Outlink("http://b.example/private/p", "p"),
                    new Outlink("no-scheme", "m")));
    assertEquals(List.of(new InvertedLink("http://b.example/upper", FROM, "u")), inv.links());
    assertEquals(2, inv.rejected());
  }

  @Test
  public void aTargetSeenOnAnotherPageHasTheSameOutcomeAndCountsAgain() {
    LinkInverter inverter = LinkInverter.fromConf(conf(false));
    List<Outlink> links =
        List.of(
            new Outlink("HTTP://B.EXAMPLE/Upper", "u"),
            new Outlink("http://b.example/private/p", "p"),
            new Outlink("no-scheme", "m"));
    inverter.invert(FROM, links);
    Inversion second = inverter.invert("http://c.example/", links);
    assertEquals(
        List.of(new InvertedLink("http://b.example/upper", "http://c.example/", "u")),
        second.links());
    assertEquals(2, second.rejected());
  }

  @Test
  public void normalizingAndFilteringCanBeTurnedOff() {
    Configuration conf = conf(false);
    conf.setBoolean(LinkDbKeys.NORMALIZE, false);
    conf.setBoolean(LinkDbKeys.FILTER, false);
    Inversion inv =
        LinkInverter.fromConf(conf)
            .invert(
                FROM,
                List.of(
                    new Outlink("HTTP://B.EXAMPLE/Upper", "u"),
                    new Outlink("http://b.example/private/p", "p")));
    assertEquals(2, inv.links().size());
    assertEquals("HTTP://B.EXAMPLE/Upper", inv.links().get(0).target());
  }

  @Test
  public void internalLinksAreDroppedOnlyWhenConfigured() {
    List<Outlink> links =
        List.of(
            new Outlink("http://A.example/other", "same host"),
            new Outlink("http://b.example/", "other host"));
    Configuration conf = conf(true);
    conf.setBoolean(LinkDbKeys.NORMALIZE, false);
    Inversion ignoring = LinkInverter.fromConf(conf).invert(FROM, links);
    assertEquals(1, ignoring.links().size());
    assertEquals("http://b.example/", ignoring.links().get(0).target());
    assertEquals(1, ignoring.internal());
    assertEquals(2, LinkInverter.fromConf(conf(false)).invert(FROM, links).links().size());
  }

  @Test
  public void anchorsAreCutToTheMaximumLength() {
    Inversion inv =
        LinkInverter.fromConf(conf(false))
            .invert(FROM, List.of(new Outlink("http://b.example/", "a very long anchor text")));
    assertEquals("a very lon", inv.links().get(0).anchor());
  }

  @Test
  public void cuttingNeverSplitsASurrogatePairAndNegativeMeansNoCut() {
    String emoji = "ab\uD83D\uDE00cd";
    assertEquals("ab", LinkInverter.cut(emoji, 3));
    assertEquals("ab\uD83D\uDE00", LinkInverter.cut(emoji, 4));
    assertEquals(emoji, LinkInverter.cut(emoji, -1));
    assertEquals("", LinkInverter.cut(emoji, 0));
  }

  @Test
  public void sameHostComparesHostsOnly() {
    assertTrue(LinkInverter.sameHost("http://a.example/x", "https://A.EXAMPLE:8080/y"));
    assertFalse(LinkInverter.sameHost("http://a.example/x", "http://b.example/x"));
    assertFalse(LinkInverter.sameHost("http://a.example/x", "not a url"));
  }
}
