package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * kill -9 of fetch and parse at random moments of their run: the next run with -force gives a
 * segment identical in content to an uninterrupted run (the same URLs with the same statuses in
 * every part, each once), and nothing of the dead run is left.
 */
public class RandomKillSegmentJobTest {
  private static final Logger LOG = LoggerFactory.getLogger(RandomKillSegmentJobTest.class);
  private static final int PAGES = 60;
  private static final int KILLS = 6;

  @ClassRule public static final TemporaryFolder tmp = new TemporaryFolder();

  private static Configuration conf;
  private static ChildCommand child;
  private static LoopbackSite web;
  private static File generated;
  private static File fetched;
  private static int copies;

  @BeforeClass
  public static void generateASegment() throws Exception {
    LOG.info("random kill tests");
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("mapreduce.framework.name", "local");
    settings.put("fs.defaultFS", "file:///");
    settings.put("urlnormalizer.order", "");
    settings.put("urlfilter.order", "");
    settings.put("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    settings.put("fetcher.server.delay", "0");
    conf = LocalJobFixtures.localConf();
    settings.forEach(conf::set);
    child = new ChildCommand(tmp.getRoot(), settings);
    web =
        new LoopbackSite(
            path ->
                path.endsWith("7.html")
                    ? "not html at all \u0000"
                    : "<html><body>" + path + " <a href=\"/next" + path + "\">next</a></body>");
    generated = tmp.newFolder("generated");
    Path segment = new Path(new File(generated, "segments/20240101000000").getPath());
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(segment, Segment.CRAWL_GENERATE + "/part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (String url : new java.util.TreeSet<>(urls())) {
        w.append(new Text(url), CrawlData.entry(CrawlStatus.DB_UNFETCHED, 0));
      }
    }
    fetched = copy(generated, "fetched");
    CommandRun fetch = CommandRun.run(conf, "fetch", segment(fetched));
    assertEquals(fetch.toString(), 0, fetch.exitCode);
  }

  @AfterClass
  public static void stop() {
    if (web != null) {
      web.close();
    }
  }

  private static List<String> urls() {
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < PAGES; i++) {
      urls.add(web.url("/p/" + i + ".html"));
    }
    urls.add(web.url("/missing.gone")); // served as a page too: every status is a 200 here
    return urls;
  }

  private static String segment(File crawl) {
    return new File(crawl, "segments/20240101000000").getPath();
  }

  private static File copy(File from, String name) throws IOException {
    File to = new File(tmp.getRoot(), "runs/" + name + "-" + copies++);
    return CrawlData.copy(from, to);
  }

  /**
   * Runs {@code command} unkilled on a copy of {@code template}, then {@link #KILLS} times killed
   * at a random moment of that run's length (of the fastest run so far, once a run ended before its
   * kill), each followed by the same command with -force; a run that ended before its kill must
   * have the unkilled run's output.
   */
  private void assertKilledAndRerunIsLikeUnkilled(File template, String command) throws Exception {
    File measured = copy(template, command + "-measured");
    long start = System.nanoTime();
    int exit = ChildCommand.waitFor(child.start(command, segment(measured)));
    long millis = (System.nanoTime() - start) / 1_000_000L;
    assertEquals(child.lastLog(), 0, exit);
    SortedMap<String, String> expected = CrawlDirState.of(conf, measured);

    Random random = new Random(16);
    List<String> outcomes = new ArrayList<>();
    int killedMidRun = 0;
    for (int i = 0; i < KILLS; i++) {
      File work = copy(template, command);
      long at =
          random.nextInt((int) Math.max(1, millis * 8 / 10)); // late kills mostly find it ended
      long begin = System.nanoTime();
      Process run = child.start(command, segment(work));
      boolean killed =
          ChildCommand.killWhen(run, () -> System.nanoTime() - begin > at * 1_000_000L, 0);
      killedMidRun += killed ? 1 : 0;
      String where = command + " killed at " + at + " ms" + (killed ? "" : " (had ended)");
      outcomes.add(at + (killed ? "" : "(ended)"));
      if (!killed) {
        // It ended before its kill: an unkilled run, whose output is the measured run's (a -force
        // after it would find robots.txt in the robots db and record no robots fetch). It ran
        // faster than the measured run (a machine's load comes and goes): later moments are drawn
        // over this shorter run, so that most of them still land.
        assertEquals(where + "\n" + child.lastLog(), 0, run.exitValue());
        assertEquals(where, expected, CrawlDirState.of(conf, work));
        assertEquals(where, List.of(), CrawlDirState.leftovers(work));
        millis = Math.min(millis, (System.nanoTime() - begin) / 1_000_000L);
        continue;
      }

      CommandRun again = CommandRun.run(conf, command, segment(work), "-force");
      assertEquals(where + ": " + again, 0, again.exitCode);
      assertEquals(where, expected, CrawlDirState.of(conf, work));
      assertEquals(where, List.of(), CrawlDirState.leftovers(work));
    }
    LOG.info("{}: unkilled {} ms at the fastest; killed at {} ms", command, millis, outcomes);
    assertTrue(
        "too few kills landed while " + command + " ran: " + outcomes, killedMidRun >= KILLS / 2);
  }

  @Test
  public void fetchKilledAtRandomMomentsThenForcedIsLikeAnUnkilledFetch() throws Exception {
    assertKilledAndRerunIsLikeUnkilled(generated, "fetch");
  }

  @Test
  public void parseKilledAtRandomMomentsThenForcedIsLikeAnUnkilledParse() throws Exception {
    assertKilledAndRerunIsLikeUnkilled(fetched, "parse");
  }
}
