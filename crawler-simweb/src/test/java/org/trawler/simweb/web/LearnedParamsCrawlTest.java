package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.protocol.ProtocolKeys;
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
    try (WebServer server = WebServer.start(BroadWeb.build(SHAPE, 0), 16)) {
      BroadWeb web = server.web();
      realPages = web.realPages();
      Path seeds = TMP.newFolder().toPath();
      Files.write(seeds.resolve("seeds.txt"), web.seeds());
      Configuration conf = CrawlerConfiguration.create();
      conf.set("mapreduce.framework.name", "local");
      conf.set("fs.defaultFS", "file:///");
      conf.set("fetcher.server.delay", "0");
      conf.set("fetcher.threads.fetch", "8");
      conf.set(ProtocolKeys.RESOLVE, web.resolveSetting());
      conf.set(HostDbKeys.PARAMS_LEARN_MIN_EVIDENCE, minEvidence);
      EndToEndCrawl.runHere(
          conf,
          "run",
          "--hostdb",
          seeds.toString(),
          TMP.newFolder().getPath(),
          Integer.toString(ROUNDS));
      return BroadScore.of(web, server.requests(), 60_000);
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
