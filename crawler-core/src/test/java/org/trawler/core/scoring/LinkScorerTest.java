package org.trawler.core.scoring;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;

public class LinkScorerTest {
  private static Content page(String score, String depth) {
    Content c =
        new Content("http://example.com/", "http://example.com/", new byte[0], "text/html", false);
    if (score != null) {
      c.getMeta().put(Content.META_SCORE, score);
    }
    if (depth != null) {
      c.getMeta().put(Content.META_DEPTH, depth);
    }
    return c;
  }

  @Test
  public void pageScoreIsSharedEquallyAmongOutlinks() {
    LinkScorer scorer = new LinkScorer(new Configuration(false));
    List<Outlink> links =
        List.of(
            new Outlink("http://example.com/a", ""),
            new Outlink("http://example.com/b", ""),
            new Outlink("http://other.example.org/", ""),
            new Outlink("http://example.com/c", ""));
    assertArrayEquals(
        new float[] {0.5f, 0.5f, 0.5f, 0.5f},
        scorer.shares("http://example.com/", 2.0f, links),
        0f);
  }

  @Test
  public void internalAndExternalFactorsScaleTheShare() {
    Configuration conf = new Configuration(false);
    conf.setFloat(ScoringKeys.LINK_INTERNAL, 0.5f);
    conf.setFloat(ScoringKeys.LINK_EXTERNAL, 2.0f);
    LinkScorer scorer = new LinkScorer(conf);
    List<Outlink> links =
        List.of(
            new Outlink("http://EXAMPLE.com:8080/a", ""), new Outlink("https://example.org/", ""));
    assertArrayEquals(
        new float[] {0.25f, 1.0f}, scorer.shares("http://example.com/page", 1.0f, links), 0f);
  }

  @Test
  public void aSubdomainIsAnotherHost() {
    LinkScorer scorer = new LinkScorer(1.0f, 0.0f);
    assertEquals(0f, scorer.share("http://example.com/", 1.0f, 1, "http://www.example.com/"), 0f);
    assertEquals(1f, scorer.share("http://example.com/", 1.0f, 1, "http://example.com/x"), 0f);
  }

  @Test
  public void pageWithoutOutlinksSharesNothing() {
    LinkScorer scorer = new LinkScorer(1.0f, 1.0f);
    assertEquals(0, scorer.shares("http://example.com/", 1.0f, List.of()).length);
    assertEquals(0f, scorer.share("http://example.com/", 1.0f, 0, "http://example.com/a"), 0f);
  }

  @Test
  public void pageScoreComesFromTheContentMetaAndDefaultsToOne() {
    assertEquals(0.25f, LinkScorer.pageScore(page("0.25", null)), 0f);
    assertEquals(1.0f, LinkScorer.pageScore(page(null, null)), 0f);
    assertEquals(1.0f, LinkScorer.pageScore(page("not a number", null)), 0f);
    assertEquals(1.0f, LinkScorer.pageScore(page("NaN", null)), 0f);
  }

  @Test
  public void outlinksAreOneLevelDeeperThanTheirPage() {
    assertEquals(0, LinkScorer.pageDepth(page(null, null)));
    assertEquals(1, LinkScorer.outlinkDepth(page(null, null)));
    assertEquals(4, LinkScorer.outlinkDepth(page(null, " 3 ")));
    assertEquals(1, LinkScorer.outlinkDepth(page(null, "deep")));
  }
}
