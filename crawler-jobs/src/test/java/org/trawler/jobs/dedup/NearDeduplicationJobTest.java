package org.trawler.jobs.dedup;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.parse.SimHash;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/** dedup's near step in local mode, on a crawldb written by the test: the exact marks it leaves. */
public class NearDeduplicationJobTest {

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final long STORY = 0x6a09e667f3bcc908L;
  private static final long CHAIN = 0xbb67ae8584caa73bL;
  private static final long CANONICAL = 0x3c6ef372fe94f82bL;
  private static final long REAL_1 = 0xa54ff53a5f1d36f1L;
  private static final long REAL_2 = 0x510e527fade682d1L;
  private static final long WAS_NEAR = 0x9b05688c2b3e6c1fL;

  private Configuration conf;
  private Path crawlDb;

  @Before
  public void setUp() {
    conf = LocalJobFixtures.localConf();
    crawlDb = new Path(new File(tmp.getRoot(), "crawl/crawldb").getPath());
  }

  private static CrawlDatum page(String signature, Long fingerprint, float score) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, score);
    d.setSignature(signature.getBytes());
    d.setFetchTime(1_700_000_000_000L);
    d.putMeta(MetadataKeys.DEPTH, 1);
    if (fingerprint != null) {
      d.putMeta(MetadataKeys.FINGERPRINT, fingerprint);
    }
    return d;
  }

  /** The crawldb: each entry's status, and its duplicateOf when it has one. */
  private Map<String, String> outcome() throws Exception {
    Map<String, String> outcome = new TreeMap<>();
    LocalJobFixtures.readAll(conf, VersionedDb.current(crawlDb), new CrawlDatum(), CrawlDatum::new)
        .forEach(
            (url, d) -> {
              String of = d.getMetaString(MetadataKeys.DUPLICATE_OF);
              outcome.put(url, d.getStatus().label() + (of == null ? "" : " of " + of));
            });
    return outcome;
  }

  private TreeMap<String, CrawlDatum> crawlDb() {
    TreeMap<String, CrawlDatum> db = new TreeMap<>();
    // a story, its mirror (2 bits off) and its print version (3 bits off, naming the story)
    db.put("http://www.amber.example/story", page("s1", STORY, 1f));
    db.put("http://mirror.amber.example/story", page("s2", STORY ^ 0b11L << 20, 1f));
    CrawlDatum print = page("s3", STORY ^ 0b111L << 40, 7f);
    print.putMeta(MetadataKeys.CANONICAL, "http://www.amber.example/story");
    db.put("http://www.amber.example/story?print=1", print);
    // a chain: b is 3 bits from a, c 4 bits from a and 1 from b
    db.put("http://a.chain.example/", page("c1", CHAIN, 5f));
    db.put("http://b.chain.example/", page("c2", CHAIN ^ 0b0111L << 60, 3f));
    db.put("http://c.chain.example/", page("c3", CHAIN ^ 0b1111L << 60, 2f));
    // a page naming another canonical yields whatever its score
    CrawlDatum copy = page("k1", CANONICAL, 9f);
    copy.putMeta(MetadataKeys.CANONICAL, "http://original.example/a-longer-path");
    db.put("http://copy.example/", copy);
    db.put("http://original.example/a-longer-path", page("k2", CANONICAL ^ 1L, 1f));
    // an exact copy: the same signature and fingerprint
    db.put("http://exact.example/", page("e", REAL_2, 1f));
    db.put("http://exact.example/index.html", page("e", REAL_2, 1f));
    // real pages, and a page too short for a fingerprint
    db.put("http://real.example/1", page("r1", REAL_1, 1f));
    db.put("http://real.example/2", page("r2", REAL_1 ^ 0xffL << 8, 1f)); // 8 bits off
    db.put("http://short.example/", page("x", null, 1f));
    // marked near by an earlier run, near nothing now
    CrawlDatum wasNear = page("w", WAS_NEAR, 1f);
    wasNear.setStatus(CrawlStatus.DB_DUPLICATE);
    wasNear.putMeta(MetadataKeys.DUPLICATE_OF, "http://changed.example/");
    db.put("http://was-near.example/", wasNear);
    db.put("http://unfetched.example/", page("u", STORY, 9f));
    db.get("http://unfetched.example/").setStatus(CrawlStatus.DB_UNFETCHED);
    return db;
  }

  @Test
  public void eachPageIsMarkedADuplicateOfTheBestRankedPageNearIt() throws Exception {
    for (long a : new long[] {STORY, CHAIN, CANONICAL, REAL_1, REAL_2, WAS_NEAR}) {
      for (long b : new long[] {STORY, CHAIN, CANONICAL, REAL_1, REAL_2, WAS_NEAR}) {
        assertTrue(a == b || SimHash.distance(a, b) > 20);
      }
    }
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, crawlDb());
    CommandRun run = CommandRun.run(conf, "dedup", crawlDb.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(
        run.out,
        run.out.contains(
            "1 documents marked duplicate among 14 fetched with a signature in "
                + crawlDb
                + "; near duplicates (within 3 bits): 6 pairs among 13 pages with a fingerprint,"
                + " 0 buckets cut; 6 URLs marked with duplicateOf, 1 un-marked"));
    Map<String, String> expected = new TreeMap<>();
    expected.put("http://www.amber.example/story", "db_fetched");
    expected.put(
        "http://mirror.amber.example/story", "db_duplicate of http://www.amber.example/story");
    expected.put(
        "http://www.amber.example/story?print=1", "db_duplicate of http://www.amber.example/story");
    expected.put("http://a.chain.example/", "db_fetched");
    expected.put("http://b.chain.example/", "db_duplicate of http://a.chain.example/");
    expected.put("http://c.chain.example/", "db_duplicate of http://b.chain.example/");
    expected.put("http://copy.example/", "db_duplicate of http://original.example/a-longer-path");
    expected.put("http://original.example/a-longer-path", "db_fetched");
    expected.put("http://exact.example/", "db_fetched");
    expected.put("http://exact.example/index.html", "db_duplicate of http://exact.example/");
    expected.put("http://real.example/1", "db_fetched");
    expected.put("http://real.example/2", "db_fetched");
    expected.put("http://short.example/", "db_fetched");
    expected.put("http://was-near.example/", "db_fetched");
    expected.put("http://unfetched.example/", "db_unfetched");
    assertEquals(expected, outcome());

    CommandRun stats = CommandRun.run(conf, "readdb", crawlDb.toString(), "-stats");
    assertTrue(stats.out, stats.out.matches("(?s).*\\n  db_duplicate +6\\n.*"));
    CommandRun url =
        CommandRun.run(
            conf, "readdb", crawlDb.toString(), "-url", "http://mirror.amber.example/story");
    assertTrue(url.out, url.out.contains("\"status\":\"db_duplicate\""));
    assertTrue(url.out, url.out.contains("\"duplicateOf\":\"http://www.amber.example/story\""));

    // stable: a second run judges the marks again and comes to the same crawldb
    CommandRun again = CommandRun.run(conf, "dedup", crawlDb.toString());
    assertEquals(again.toString(), 0, again.exitCode);
    assertTrue(
        again.out,
        again.out.contains(
            "1 documents marked duplicate among 14 fetched with a signature in "
                + crawlDb
                + "; near duplicates (within 3 bits): 6 pairs among 13 pages with a fingerprint,"
                + " 0 buckets cut; 6 URLs marked with duplicateOf, 0 un-marked"));
    assertEquals(expected, outcome());
  }

  @Test
  public void withTheNearStepOffOnlyExactCopiesAreMarked() throws Exception {
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, crawlDb());
    CommandRun run =
        CommandRun.run(conf, "dedup", "-D", DedupKeys.NEAR_DISTANCE + "=-1", crawlDb.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(
        run.out,
        run.out.endsWith(
            "1 documents marked duplicate among 14 fetched with a signature in "
                + crawlDb
                + "; 1 URLs marked with duplicateOf, 0 un-marked\n"));
    Map<String, String> after = outcome();
    assertEquals(
        "db_duplicate of http://exact.example/", after.get("http://exact.example/index.html"));
    assertEquals("db_duplicate of http://changed.example/", after.get("http://was-near.example/"));
    assertEquals(15, after.size());
    assertEquals(2, after.values().stream().filter(s -> s.startsWith("db_duplicate")).count());
  }

  @Test
  public void aBadDistanceIsOneClearLine() throws Exception {
    CommandRun run = badSetting(DedupKeys.NEAR_DISTANCE + "=64");
    assertTrue(run.err, run.err.contains(DedupKeys.NEAR_DISTANCE));
  }

  @Test
  public void aBucketOfOnePageIsABadSetting() throws Exception {
    CommandRun run = badSetting(DedupKeys.NEAR_BUCKET_MAX + "=1");
    assertTrue(
        run.err, run.err.contains(DedupKeys.NEAR_BUCKET_MAX + ": must be at least 2, not 1"));
  }

  /** dedup run with {@code setting} (key=value), which must fail with one line. */
  private CommandRun badSetting(String setting) throws Exception {
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, crawlDb());
    CommandRun run = CommandRun.run(conf, "dedup", "-D", setting, crawlDb.toString());
    assertEquals(run.toString(), 1, run.errLines().length);
    return run;
  }
}
