package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * updatehostdb, readhostdb and generate in local mode on a crawl the test writes: ok.test answers,
 * dead.test refuses every connection; after more failed rounds than generate.host.max.failures
 * generate leaves dead.test out.
 */
public class HostDbJobTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private File crawl;
  private Path crawlDb;
  private Path hostDb;

  @Before
  public void setUp() throws Exception {
    conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    crawl = tmp.newFolder("crawl");
    crawlDb = new Path(new File(crawl, "crawldb").getPath());
    hostDb = new Path(new File(crawl, "hostdb").getPath());
    TreeMap<String, CrawlDatum> urls = new TreeMap<>();
    for (String u : new String[] {"http://ok.test/", "http://ok.test/a", "http://dead.test/"}) {
      urls.put(u, new CrawlDatum(CrawlStatus.DB_UNFETCHED, 86400, 1f));
    }
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, urls);
    byte[] robots =
        "User-agent: *\nSitemap: http://ok.test/sitemap.xml\n".getBytes(StandardCharsets.UTF_8);
    TreeMap<String, RobotsTxt> sites = new TreeMap<>();
    sites.put("http://dead.test", RobotsTxt.unreachable(1, "connection_refused"));
    sites.put(
        "http://ok.test", RobotsTxt.file(1, "http://ok.test/robots.txt", robots, "text/plain"));
    LocalJobFixtures.writeMapFile(
        conf,
        VersionedDb.current(new Path(new File(crawl, "robots").getPath())),
        RobotsTxt.class,
        sites);
  }

  /** A fetched segment of round n: ok.test answers in n × 100 ms, dead.test refuses. */
  private String round(int n, long time) throws Exception {
    Path segment = new Path(new File(crawl, "segments/2026010100000" + n).getPath());
    TreeMap<String, CrawlDatum> fetches = new TreeMap<>();
    CrawlDatum ok = HostUpdateTest.fetch(CrawlStatus.FETCH_SUCCESS, "200 ok", time);
    ok.putMeta(MetadataKeys.RESPONSE_TIME, 100 * n);
    fetches.put("http://ok.test/", ok);
    fetches.put(
        "http://dead.test/",
        HostUpdateTest.fetch(CrawlStatus.FETCH_RETRY, "0 connection_refused", time));
    LocalJobFixtures.writeMapFile(
        conf, new Path(segment, Segment.CRAWL_FETCH), CrawlDatum.class, fetches);
    return segment.toString();
  }

  private Set<String> generated(String out) throws Exception {
    Set<String> urls = new TreeSet<>();
    Path segment = new Path(out.trim());
    for (Path file : PartFiles.list(conf, new Path(segment, Segment.CRAWL_GENERATE))) {
      PartFiles.read(
          conf, file, new Text(), new CrawlDatum(), (url, d) -> urls.add(url.toString()));
    }
    return urls;
  }

  @Test
  public void hostsAreCountedWithTheirRobotsSitemapsAndFailedRounds() throws Exception {
    long now = System.currentTimeMillis();
    for (int i = 1; i <= 2; i++) {
      CommandRun run =
          CommandRun.run(
              conf, "updatehostdb", hostDb.toString(), crawlDb.toString(), round(i, now));
      assertEquals(run.toString(), 0, run.exitCode);
      assertTrue(run.out, run.out.contains("updatehostdb: 2 hosts"));
    }
    CommandRun dead = CommandRun.run(conf, "readhostdb", hostDb.toString(), "-host", "dead.test");
    assertEquals(dead.toString(), 0, dead.exitCode);
    assertTrue(dead.out, dead.out.contains("\"failedRounds\":2"));
    assertTrue(dead.out, dead.out.contains("\"robots\":\"connection_refused\""));
    assertTrue(dead.out, dead.out.contains("\"responseTimeMs\":null"));
    CommandRun ok = CommandRun.run(conf, "readhostdb", hostDb.toString(), "-host", "ok.test");
    assertTrue(ok.out, ok.out.contains("\"urls\":{\"db_unfetched\":2}"));
    assertTrue(ok.out, ok.out.contains("\"fetched\":2"));
    assertTrue("the last round's", ok.out.contains("\"responseTimeMs\":200"));
    assertTrue(ok.out, ok.out.contains("\"sitemaps\":[\"http://ok.test/sitemap.xml\"]"));
    CommandRun stats = CommandRun.run(conf, "readhostdb", hostDb.toString(), "-stats");
    assertTrue(stats.out, stats.out.contains("hosts:                          2"));
    assertTrue(stats.out, stats.out.contains("response time ms, host mean:    200\n"));
    CommandRun byJob =
        CommandRun.run(
            conf, "readhostdb", "-D", "readdb.stats.job.min.bytes=0", hostDb.toString(), "-stats");
    assertEquals(byJob.toString(), 0, byJob.exitCode);
    assertEquals("the job's totals are the client's", stats.out, byJob.out);
    File dump = new File(tmp.getRoot(), "dump");
    CommandRun d = CommandRun.run(conf, "readhostdb", hostDb.toString(), "-dump", dump.getPath());
    assertEquals(d.toString(), 0, d.exitCode);
    assertEquals(2, Files.readAllLines(new File(dump, "hosts.json").toPath()).size());
    CommandRun missing = CommandRun.run(conf, "readhostdb", hostDb.toString(), "-host", "x.test");
    assertEquals(1, missing.exitCode);
  }

  @Test
  public void generateSkipsAHostAfterMoreFailedRoundsThanAllowed() throws Exception {
    conf.setInt("generate.host.max.failures", 2);
    long now = System.currentTimeMillis();
    String segments = new File(crawl, "segments").getPath();
    for (int i = 1; i <= 3; i++) {
      CommandRun gen = CommandRun.run(conf, "generate", crawlDb.toString(), segments);
      assertEquals(gen.toString(), 0, gen.exitCode);
      // Up to two failed rounds are not more than two: dead.test is still tried.
      assertEquals(
          Set.of("http://dead.test/", "http://ok.test/", "http://ok.test/a"), generated(gen.out));
      CommandRun.run(conf, "updatehostdb", hostDb.toString(), crawlDb.toString(), round(i, now));
    }
    CommandRun gen = CommandRun.run(conf, "generate", crawlDb.toString(), segments);
    assertEquals(Set.of("http://ok.test/", "http://ok.test/a"), generated(gen.out));
    Configuration later = new Configuration(conf);
    later.setLong("generate.host.failure.delay", 0);
    CommandRun retried = CommandRun.run(later, "generate", crawlDb.toString(), segments);
    assertTrue(generated(retried.out).contains("http://dead.test/"));
  }

  @Test
  public void aFailingHostCanBeCappedInsteadOfSkipped() throws Exception {
    CommandRun.run(
        conf,
        "updatehostdb",
        hostDb.toString(),
        crawlDb.toString(),
        round(1, System.currentTimeMillis()));
    Configuration capped = new Configuration(conf);
    capped.setInt("generate.hostdb.max.count.failing", 0);
    CommandRun gen =
        CommandRun.run(
            capped, "generate", crawlDb.toString(), new File(crawl, "segments").getPath());
    assertEquals(Set.of("http://ok.test/", "http://ok.test/a"), generated(gen.out));
  }
}
