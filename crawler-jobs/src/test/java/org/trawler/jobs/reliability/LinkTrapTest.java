package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;

/**
 * A link trap: a calendar whose every day links to the next and previous day, month and year and to
 * a relative "more/" that keeps growing the path, so the site is endless. Crawled through the jobs
 * for a few rounds with the shipped filters, the crawl stays bounded: scoring.depth.max stops
 * generating beyond its depth, generate.max.count caps each round per host, and the shipped
 * repeated-segment rule drops the ever-longer paths before they reach the crawldb.
 */
public class LinkTrapTest {
  private static final int ROUNDS = 4;
  private static final int MAX_DEPTH = 1;
  private static final int MAX_PER_HOST = 3;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private LoopbackSite web;

  @BeforeClass
  public static void startLogging() {
    LoggerFactory.getLogger(LinkTrapTest.class).info("link trap test");
  }

  @Before
  public void startCalendar() throws IOException {
    web = new LoopbackSite(LinkTrapTest::calendarPage);
  }

  @After
  public void stop() {
    web.close();
  }

  /**
   * The day of /cal/yyyy-mm-dd/... links to its neighbours; every page also links to "more/" below
   * itself.
   */
  static String calendarPage(String path) {
    String[] parts = path.split("/");
    LocalDate day =
        parts.length > 2 && parts[2].matches("\\d{4}-\\d{2}-\\d{2}")
            ? LocalDate.parse(parts[2])
            : LocalDate.of(2024, 1, 1);
    StringBuilder html =
        new StringBuilder("<html><head><title>").append(day).append("</title></head><body>");
    for (LocalDate other :
        List.of(day.plusDays(1), day.minusDays(1), day.plusMonths(1), day.minusYears(1))) {
      html.append("<a href=\"/cal/").append(other).append("/\">").append(other).append("</a> ");
    }
    html.append("<a href=\"more/\">more</a></body></html>");
    return html.toString();
  }

  @Test
  public void anEndlessCalendarIsCrawledWithinTheLimits() throws Exception {
    Configuration conf = CrawlerConfiguration.create(); // the shipped normalizers and filters
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    conf.setInt("scoring.depth.max", MAX_DEPTH);
    conf.setInt("generate.max.count", MAX_PER_HOST);
    conf.set("fetcher.server.delay", "0");
    File urls = tmp.newFolder("urls");
    // The seed is two "more/" down already: its own "more/" link is the third repetition.
    Files.writeString(
        new File(urls, "seeds.txt").toPath(), web.url("/cal/2024-01-01/more/more/") + "\n");
    Path crawl = new Path(new File(tmp.getRoot(), "crawl").getPath());

    CommandRun run =
        CommandRun.run(conf, "run", urls.getPath(), crawl.toString(), String.valueOf(ROUNDS));

    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue("the crawl ends by itself:\n" + run.out, run.out.contains("nothing due"));
    Map<String, CrawlDatum> fetched = new TreeMap<>();
    for (File segment : new File(crawl.toString(), "segments").listFiles(File::isDirectory)) {
      Map<String, CrawlDatum> round = new TreeMap<>();
      PartFiles.read(
          conf,
          new Path(segment.getPath(), Segment.CRAWL_FETCH),
          new Text(),
          new CrawlDatum(),
          (k, v) -> round.put(k.toString(), new CrawlDatum(v)));
      assertTrue("generate.max.count per round: " + round.keySet(), round.size() <= MAX_PER_HOST);
      fetched.putAll(round);
    }
    assertEquals("the seed, then its 4 day links over two rounds", 5, fetched.size());
    assertEquals(fetched.size(), web.pageRequests().size());
    for (Map.Entry<String, CrawlDatum> e : fetched.entrySet()) {
      assertTrue(
          e.getKey() + " fetched at depth " + e.getValue().getDepth(),
          e.getValue().getDepth() <= MAX_DEPTH);
    }
    Map<String, CrawlDatum> db = new TreeMap<>();
    PartFiles.read(
        conf,
        VersionedDb.current(new Path(crawl, "crawldb")),
        new Text(),
        new CrawlDatum(),
        (k, v) -> db.put(k.toString(), new CrawlDatum(v)));
    for (String url : db.keySet()) {
      assertFalse(
          "the repeated-segment rule keeps " + url + " out", url.contains("more/more/more"));
    }
    long tooDeep = db.values().stream().filter(d -> d.getDepth() > MAX_DEPTH).count();
    assertTrue("links beyond the depth limit are known, never fetched", tooDeep > 0);
    assertTrue(
        db.size() + " URLs: the crawldb grows with the fetches, not with the site",
        db.size() <= 1 + 5 * fetched.size());
  }
}
