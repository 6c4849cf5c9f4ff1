package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.crawl.CrawlRound;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.generate.SkipReason;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.simweb.EndToEndCrawl;

/**
 * Rounds of a crawl with the host database of a tiny broad web whose first site's www host has a
 * calendar and a facet grid: updatehostdb learns their templates as traps from their near-duplicate
 * pages, and generate's budget for them shrinks round after round (skipped_trap_pattern), while
 * with no topN every real page is still fetched and no real page's template is ever a trap.
 */
public class TrapBudgetCrawlTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final WebShape SHAPE =
      WebShape.DEFAULT
          .sized(1, 12)
          .withWwwTraits(List.of(Set.of(HostTrait.CALENDAR, HostTrait.FACETS)));

  private static final int ROUNDS = 7;

  @Test
  public void trapFetchesShrinkRoundAfterRoundAndEveryRealPageIsFetched() throws Exception {
    try (BroadWebCrawl fixture = BroadWebCrawl.start(SHAPE, 16, TMP)) {
      WebServer server = fixture.server;
      BroadWeb web = fixture.web;
      Configuration conf = fixture.conf;
      conf.setInt(HostDbKeys.TRAPS_BUDGET, 2); // 2, 1, 0: a short crawl shows it all
      CrawlDir crawl = new CrawlDir(new org.apache.hadoop.fs.Path(TMP.newFolder().getPath()));
      EndToEndCrawl.runHere(conf, "inject", crawl.crawlDb().toString(), fixture.seeds.toString());
      CrawlRound round =
          new CrawlRound(conf, crawl, new Generator.Settings(0, 1, 0, false)).updatingHostDb();
      List<Long> trapFetches = new ArrayList<>();
      long skipped = 0;
      int seen = 0;
      for (int n = 1; n <= ROUNDS; n++) {
        Optional<CrawlRound.Result> r = round.run(n, CrawlRound.DIRECT);
        if (r.isEmpty()) {
          break;
        }
        skipped +=
            r.get()
                .counters()
                .getOrDefault(
                    SkipReason.TRAP_PATTERN.group() + "/" + SkipReason.TRAP_PATTERN.counterName(),
                    0L);
        List<WebRequest> log = server.requests();
        trapFetches.add(
            log.subList(seen, log.size()).stream().filter(q -> q.kind() == UrlKind.TRAP).count());
        seen = log.size();
      }
      String hosts =
          EndToEndCrawl.runHere(
              conf, "readhostdb", crawl.hostDb().toString(), "-host", "www.amber-0.test");
      String story =
          "trap fetches per round " + trapFetches + ", skipped " + skipped + "; " + hosts;
      Set<Integer> realFetched = new HashSet<>();
      for (WebRequest q : server.requests()) {
        if (q.kind() == UrlKind.REAL && q.status() == 200) {
          realFetched.add(q.page());
        }
      }
      assertEquals(story, web.realPages(), realFetched.size());
      assertTrue(story, skipped > 0);
      int peak = trapFetches.indexOf(trapFetches.stream().max(Long::compare).orElseThrow());
      for (int i = peak + 1; i < trapFetches.size(); i++) {
        assertTrue(story, trapFetches.get(i) <= trapFetches.get(i - 1));
      }
      long last = trapFetches.get(trapFetches.size() - 1);
      assertTrue(story, peak < trapFetches.size() - 1 && last * 4 < trapFetches.get(peak));
      assertTrue(story, hosts.contains("\"/list?color&size\":{\"evidence\":"));
      assertTrue(hosts, hosts.contains("\"/calendar/{n}-{n}/\":{\"evidence\":"));
      assertTrue(hosts, !hosts.contains("/p/{n}.html\":") && !hosts.contains("/item?id\":"));
    }
  }
}
