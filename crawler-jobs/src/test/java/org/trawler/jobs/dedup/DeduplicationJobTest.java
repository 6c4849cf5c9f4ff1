package org.trawler.jobs.dedup;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.Map;
import java.util.TreeMap;
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
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/** dedup in local mode, on a hand-written crawldb. */
public class DeduplicationJobTest {

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path crawlDb;

  @Before
  public void setUp() {
    conf = LocalJobFixtures.localConf();
    crawlDb = new Path(new File(tmp.getRoot(), "crawl/crawldb").getPath());
  }

  private static CrawlDatum datum(CrawlStatus status, String signature, float score) {
    CrawlDatum d = new CrawlDatum(status, 86400, score);
    d.setSignature(signature == null ? null : signature.getBytes());
    d.setFetchTime(1_700_000_000_000L);
    d.putMeta(new Text("_depth_"), 1);
    return d;
  }

  private void writeCrawlDb(TreeMap<String, CrawlDatum> entries) throws Exception {
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, entries);
  }

  private Map<String, CrawlDatum> current() throws Exception {
    return LocalJobFixtures.readAll(
        conf, VersionedDb.current(crawlDb), new CrawlDatum(), CrawlDatum::new);
  }

  private static String status(Map<String, CrawlDatum> db, String url) {
    return (db.get(url).getStatus()).label();
  }

  @Test
  public void allButOnePagePerSignatureBecomeDuplicates() throws Exception {
    TreeMap<String, CrawlDatum> db = new TreeMap<>();
    db.put("http://a.example/", datum(CrawlStatus.DB_FETCHED, "X", 1f));
    db.put("http://b.example/", datum(CrawlStatus.DB_FETCHED, "X", 2f)); // best score: kept
    db.put("http://c.example/", datum(CrawlStatus.DB_NOTMODIFIED, "Y", 1f)); // shortest: kept
    db.put("http://c.example/index.html", datum(CrawlStatus.DB_FETCHED, "Y", 1f));
    db.put("http://d.example/1", datum(CrawlStatus.DB_FETCHED, "Z", 1f)); // smallest: kept
    db.put("http://d.example/2", datum(CrawlStatus.DB_FETCHED, "Z", 1f));
    db.put("http://e.example/", datum(CrawlStatus.DB_FETCHED, "unique", 1f));
    db.put("http://f.example/", datum(CrawlStatus.DB_GONE, "X", 9f)); // not compared
    db.put("http://g.example/", datum(CrawlStatus.DB_UNFETCHED, null, 9f));
    writeCrawlDb(db);

    CommandRun run = CommandRun.run(conf, "dedup", crawlDb.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("3 documents marked duplicate among 7"));

    Map<String, CrawlDatum> after = current();
    assertEquals(db.keySet(), after.keySet());
    assertEquals("db_duplicate", status(after, "http://a.example/"));
    assertEquals("db_fetched", status(after, "http://b.example/"));
    assertEquals("db_notmodified", status(after, "http://c.example/"));
    assertEquals("db_duplicate", status(after, "http://c.example/index.html"));
    assertEquals("db_fetched", status(after, "http://d.example/1"));
    assertEquals("db_duplicate", status(after, "http://d.example/2"));
    assertEquals("db_fetched", status(after, "http://e.example/"));
    assertEquals("db_gone", status(after, "http://f.example/"));
    assertEquals("db_unfetched", status(after, "http://g.example/"));
    CrawlDatum expected = new CrawlDatum(db.get("http://a.example/"));
    expected.setStatus(CrawlStatus.DB_DUPLICATE);
    expected.putMeta(MetadataKeys.DUPLICATE_OF, "http://b.example/");
    expected.putMeta(MetadataKeys.DUPLICATE_KIND, "exact");
    expected.putMeta(MetadataKeys.DUPLICATE_NEW, 1);
    assertEquals(expected, after.get("http://a.example/"));
    assertEquals(
        "http://c.example/",
        after.get("http://c.example/index.html").getMetaString(MetadataKeys.DUPLICATE_OF));
    assertEquals(
        "http://d.example/1",
        after.get("http://d.example/2").getMetaString(MetadataKeys.DUPLICATE_OF));
    assertTrue(new File(crawlDb.toString(), "old").isDirectory());
    assertEquals(0, new File(crawlDb.toString()).list((dir, name) -> name.startsWith(".")).length);
  }

  @Test
  public void withoutDuplicatesTheCrawlDbIsLeftAsItIs() throws Exception {
    TreeMap<String, CrawlDatum> db = new TreeMap<>();
    db.put("http://a.example/", datum(CrawlStatus.DB_FETCHED, "X", 1f));
    db.put("http://b.example/", datum(CrawlStatus.DB_DUPLICATE, "X", 1f));
    writeCrawlDb(db);
    CommandRun run = CommandRun.run(conf, "dedup", crawlDb.toString());
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("0 documents marked duplicate among 1"));
    assertFalse(new File(crawlDb.toString(), "old").exists());
    assertEquals("db_duplicate", status(current(), "http://b.example/"));
    assertEquals(
        java.util.List.of("current"), java.util.List.of(new File(crawlDb.toString()).list()));
  }

  @Test
  public void aMissingCrawlDbIsOneClearLine() throws Exception {
    CommandRun run = CommandRun.run(conf, "dedup", crawlDb.toString());
    assertEquals(3, run.exitCode);
    assertEquals(run.toString(), 1, run.errLines().length);
    assertTrue(run.err, run.err.contains("no crawldb at"));
  }

  @Test
  public void aHeldLockFailsAtOnceAndForceBreaksIt() throws Exception {
    TreeMap<String, CrawlDatum> db = new TreeMap<>();
    db.put("http://a.example/", datum(CrawlStatus.DB_FETCHED, "X", 1f));
    db.put("http://b.example/", datum(CrawlStatus.DB_FETCHED, "X", 2f));
    writeCrawlDb(db);
    assertTrue(new File(crawlDb.toString(), ".locked").createNewFile());
    CommandRun run = CommandRun.run(conf, "dedup", crawlDb.toString());
    assertEquals(3, run.exitCode);
    assertTrue(run.err, run.err.contains("crawldb is locked"));
    assertEquals("db_fetched", status(current(), "http://a.example/"));
    assertEquals(0, CommandRun.run(conf, "dedup", crawlDb.toString(), "-force").exitCode);
    assertEquals("db_duplicate", status(current(), "http://a.example/"));
  }
}
