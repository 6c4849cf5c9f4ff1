package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.simweb.EndToEndCrawl;

/**
 * Two crawls with {@code run --hostdb} of a tiny broad web whose first site's www host adds a visit
 * id to every link between its pages: with learning, updatehostdb learns the visit id from the
 * near-duplicate pages, parse drops it from new links, and fewer copies are fetched; no real page
 * is lost.
 */
public class LearnedParamsCrawlTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final WebShape SHAPE =
      WebShape.DEFAULT.sized(2, 40).withWwwTraits(List.of(Set.of(HostTrait.VISIT_IDS), Set.of()));

  private static final int ROUNDS = 6;

  /** The web's real pages, from the site model. */
  private static long realPages;

  private static BroadScore crawl(String minEvidence) throws Exception {
    try (BroadWebCrawl fixture = BroadWebCrawl.start(SHAPE, 16, TMP)) {
      realPages = fixture.web.realPages();
      Configuration conf = fixture.conf;
      conf.set(HostDbKeys.PARAMS_LEARN_MIN_EVIDENCE, minEvidence);
      EndToEndCrawl.runHere(
          conf,
          "run",
          "--hostdb",
          fixture.seeds.toString(),
          TMP.newFolder().getPath(),
          Integer.toString(ROUNDS));
      return BroadScore.of(fixture.web, fixture.server.requests(), 60_000);
    }
  }

  @Test
  public void aLearnedVisitIdFetchesFewerCopiesAndLosesNoRealPage() throws Exception {
    BroadScore without = crawl("0");
    BroadScore learned = crawl("3");
    String both = "without " + without + ", learned " + learned;
    // the twins without the visit id reach the pages the copies' links left unfetched
    assertEquals(both, realPages, learned.realPages());
    assertTrue(both, learned.realPages() >= without.realPages());
    assertTrue(both, learned.count(UrlKind.DUPLICATE) < without.count(UrlKind.DUPLICATE));
    assertTrue(both, learned.fetches() <= without.fetches());
  }
}
