package org.trawler.jobs.rank;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.Outlink;
import org.trawler.jobs.rank.RankRecord.Edge;

public class PageGraphTest {
  private static final String PAGE = "http://a.test/p";

  private static Outlink link(String to) {
    return new Outlink(to, "");
  }

  @Test
  public void eachTargetOnceWithoutSelfLinksOrNofollow() {
    Outlink nofollow = link("http://b.test/n");
    nofollow.getMeta().put(Outlink.META_NOFOLLOW, "true");
    PageGraph.Outgoing out =
        new PageGraph(1f)
            .edges(
                PAGE,
                List.of(
                    link(PAGE),
                    link("http://b.test/"),
                    nofollow,
                    link("http://b.test/"),
                    link("http://a.test/q")));
    assertEquals(
        List.of(new Edge("http://b.test/", 1f), new Edge("http://a.test/q", 1f)), out.edges());
    assertEquals(1, out.self());
    assertEquals(1, out.nofollow());
  }

  @Test
  public void linksInsideTheHostTakeTheInternalWeightAndZeroDropsThem() {
    List<Outlink> links = List.of(link("http://a.test/q"), link("http://b.test/"));
    assertEquals(
        List.of(new Edge("http://a.test/q", 0.25f), new Edge("http://b.test/", 1f)),
        new PageGraph(0.25f).edges(PAGE, links).edges());
    PageGraph.Outgoing dropped = new PageGraph(0f).edges(PAGE, links);
    assertEquals(List.of(new Edge("http://b.test/", 1f)), dropped.edges());
    assertEquals(1, dropped.internalDropped());
  }

  @Test
  public void aRedirectIsOneLinkOfWeightOneToItsResolvedTarget() {
    PageGraph internalDropped = new PageGraph(0f);
    assertEquals(
        List.of(new Edge("http://a.test/moved", 1f)),
        internalDropped.redirect(PAGE, "/moved").edges());
    assertEquals(
        List.of(new Edge("https://b.test/", 1f)),
        internalDropped.redirect(PAGE, "https://b.test").edges());
    PageGraph.Outgoing self = internalDropped.redirect(PAGE, PAGE);
    assertEquals(List.of(), self.edges());
    assertEquals(1, self.self());
    assertEquals(List.of(), internalDropped.redirect(PAGE, "mailto:x@a.test").edges());
  }

  @Test
  public void aStepKeepsTheRanksSummingToOne() {
    // two pages, a → b, b dangling: b spreads its rank over both
    PageRank pr = PageRank.sumOne(0.85, 2);
    double a = pr.next(0, 0.5);
    double b = pr.next(PageRank.share(0.5, 1f, 1.0), 0.5);
    assertEquals(1.0, a + b, 1e-12);
    assertEquals(0.7125, b, 1e-12);
    assertEquals(1.425f, pr.scaled(b), 1e-6f); // two pages: the average is 0.5
  }

  @Test
  public void aNegativeInternalLinkWeightIsABadSetting() {
    Configuration conf = new Configuration(false);
    conf.set(RankKeys.LINK_INTERNAL, "-1");
    BadSettingException e =
        assertThrows(BadSettingException.class, () -> RankCommand.internalWeight(conf));
    assertEquals(RankKeys.LINK_INTERNAL + ": must be at least 0.0, not -1.0", e.getMessage());
  }
}
