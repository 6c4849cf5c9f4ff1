package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * A truncated or corrupt part file in the crawldb or a segment: the command that reads it fails
 * with one line naming the file, exit 3, no stack trace, and leaves the crawl data as it was (no
 * new version installed, no temporary directory left behind).
 */
public class CorruptPartFileTest {
  /** Entries enough for a data file larger than the up-front check reads of its end (4 MB). */
  private static final int LARGE = 80_000;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private File crawl;
  private Path crawlDb;
  private Path segments;

  @BeforeClass
  public static void startLogging() {
    LoggerFactory.getLogger(CorruptPartFileTest.class).info("corrupt part file tests");
  }

  @Before
  public void setUp() throws IOException {
    conf = CrawlData.localConf(tmp);
    crawl = tmp.newFolder("crawl");
    crawlDb = new Path(new File(crawl, "crawldb").getPath());
    segments = new Path(new File(crawl, "segments").getPath());
  }

  private File crawlDbData() {
    return CorruptFiles.local(
        new Path(VersionedDb.current(crawlDb), "part-r-00000/" + MapFile.DATA_FILE_NAME));
  }

  /**
   * Runs the command on the damaged crawl and checks what the user sees and that nothing changed.
   */
  private CommandRun assertFailsNaming(File damaged, String... command) throws Exception {
    String before = DirectoryDigest.of(crawl);
    CommandRun run = CommandRun.run(conf, command);
    assertEquals(run.toString(), 3, run.exitCode);
    assertEquals(run.toString(), 1, run.errLines().length);
    assertTrue(run.toString(), run.err.startsWith("trawler " + command[0] + ": "));
    assertTrue("names the file: " + run.err, run.err.contains(damaged.getPath()));
    assertFalse(run.err, run.err.contains("\tat "));
    assertEquals("crawl data untouched", before, DirectoryDigest.of(crawl));
    return run;
  }

  // ---- updatedb ----

  @Test
  public void updatedbWithATruncatedCrawlDbPartNamesItAndInstallsNothing() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, 2000, CrawlStatus.DB_UNFETCHED);
    Path segment = CrawlData.fetchedSegment(conf, segments, 100);
    CorruptFiles.truncate(crawlDbData(), 0.7);
    CommandRun run =
        assertFailsNaming(crawlDbData(), "updatedb", crawlDb.toString(), segment.toString());
    assertTrue(run.err, run.err.contains("truncated or corrupt"));
  }

  @Test
  public void updatedbWithATruncatedFetchPartNamesIt() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, 200, CrawlStatus.DB_UNFETCHED);
    Path segment = CrawlData.fetchedSegment(conf, segments, 100);
    File fetchData =
        CorruptFiles.local(new Path(segment, Segment.CRAWL_FETCH + "/part-r-00000/data"));
    CorruptFiles.truncate(fetchData, 0.5);
    assertFailsNaming(fetchData, "updatedb", crawlDb.toString(), segment.toString());
  }

  @Test
  public void updatedbWithAnEmptyParsePartNamesIt() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, 200, CrawlStatus.DB_UNFETCHED);
    Path segment = CrawlData.fetchedSegment(conf, segments, 100);
    File parsePart = CorruptFiles.local(new Path(segment, Segment.CRAWL_PARSE + "/part-r-00000"));
    CorruptFiles.truncate(parsePart, 0);
    assertFailsNaming(parsePart, "updatedb", crawlDb.toString(), segment.toString());
  }

  @Test
  public void updatedbFailingMidJobOnARottenByteNamesTheFileAndLeavesNoTemporaryDirectory()
      throws Exception {
    CrawlData.crawlDb(conf, crawlDb, LARGE, CrawlStatus.DB_UNFETCHED);
    Path segment = CrawlData.fetchedSegment(conf, segments, 100);
    CorruptFiles.flipByte(
        crawlDbData(), 0.05); // before the part the up-front check reads: found by the job
    CommandRun run =
        assertFailsNaming(crawlDbData(), "updatedb", crawlDb.toString(), segment.toString());
    assertTrue(run.err, run.err.contains("failed: cannot read"));
    assertEquals(java.util.List.of(), DirectoryDigest.named(crawl, ".tmp-"));
  }

  // ---- dedup ----

  @Test
  public void dedupWithATruncatedCrawlDbPartNamesIt() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, 2000, CrawlStatus.DB_FETCHED);
    CorruptFiles.truncate(crawlDbData(), 0.9);
    assertFailsNaming(crawlDbData(), "dedup", crawlDb.toString());
  }

  @Test
  public void dedupFailingMidJobLeavesNoTemporaryDirectory() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, LARGE, CrawlStatus.DB_FETCHED);
    CorruptFiles.flipByte(crawlDbData(), 0.05);
    assertFailsNaming(crawlDbData(), "dedup", crawlDb.toString());
    assertEquals(java.util.List.of(), DirectoryDigest.named(crawl, ".tmp-"));
  }

  // ---- invertlinks ----

  @Test
  public void invertlinksWithATruncatedParseDataPartNamesIt() throws Exception {
    Path segment = new Path(segments, "20240101000000");
    SortedMap<String, ParseData> pages = new TreeMap<>();
    for (int i = 0; i < 500; i++) {
      ParseData data = new ParseData(ParseData.SUCCESS, "", "page " + i);
      data.getOutlinks().add(new Outlink(CrawlData.url(i + 1), "next"));
      pages.put(CrawlData.url(i), data);
    }
    LocalJobFixtures.writeMapFile(
        conf, new Path(segment, Segment.PARSE_DATA), ParseData.class, pages);
    File data = CorruptFiles.local(new Path(segment, Segment.PARSE_DATA + "/part-r-00000/data"));
    CorruptFiles.truncate(data, 0.6);
    assertFailsNaming(data, "invertlinks", new File(crawl, "linkdb").getPath(), segment.toString());
  }

  // ---- readers, generate, parse ----

  @Test
  public void readdbStatsWithATruncatedPartNamesIt() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, 2000, CrawlStatus.DB_UNFETCHED);
    CorruptFiles.truncate(crawlDbData(), 0.5);
    assertFailsNaming(crawlDbData(), "readdb", crawlDb.toString(), "-stats");
  }

  @Test
  public void generateWithATruncatedCrawlDbPartNamesItAndWritesNoSegment() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, 2000, CrawlStatus.DB_UNFETCHED);
    CorruptFiles.truncate(crawlDbData(), 0.5);
    assertFailsNaming(
        crawlDbData(), "generate", crawlDb.toString(), segments.toString(), "-topN", "10");
    assertFalse(CorruptFiles.local(segments).exists());
  }

  @Test
  public void generateWithCrawlDbUpdateAndATruncatedPartInstallsNothing() throws Exception {
    CrawlData.crawlDb(conf, crawlDb, 2000, CrawlStatus.DB_UNFETCHED);
    CorruptFiles.truncate(crawlDbData(), 0.5);
    assertFailsNaming(
        crawlDbData(),
        "generate",
        crawlDb.toString(),
        segments.toString(),
        "-D",
        "generate.update.crawldb=true");
    assertFalse(CorruptFiles.local(VersionedDb.lockFile(crawlDb)).exists());
  }

  @Test
  public void parseWithATruncatedContentPartNamesIt() throws Exception {
    Path segment =
        CrawlData.segmentWith(
            conf,
            new Path(segments, "20240101000000"),
            300,
            Segment.CRAWL_GENERATE,
            Segment.CRAWL_FETCH,
            Segment.CONTENT);
    File content = CorruptFiles.local(new Path(segment, Segment.CONTENT + "/part-r-00000/data"));
    CorruptFiles.truncate(content, 0.8);
    assertFailsNaming(content, "parse", segment.toString());
  }

  @Test
  public void readsegDumpWithATruncatedPartNamesIt() throws Exception {
    Path segment =
        CrawlData.segmentWith(
            conf,
            new Path(segments, "20240101000000"),
            300,
            Segment.CRAWL_GENERATE,
            Segment.CRAWL_FETCH,
            Segment.CONTENT);
    File fetch = CorruptFiles.local(new Path(segment, Segment.CRAWL_FETCH + "/part-r-00000/data"));
    CorruptFiles.truncate(fetch, 0.5);
    assertFailsNaming(fetch, "readseg", "-dump", segment.toString(), tmp.getRoot() + "/dump");
  }

  @Test
  public void readsegListWithATruncatedPartNamesIt() throws Exception {
    Path segment =
        CrawlData.segmentWith(
            conf,
            new Path(segments, "20240101000000"),
            300,
            Segment.CRAWL_GENERATE,
            Segment.CRAWL_FETCH);
    File generate = CorruptFiles.local(new Path(segment, Segment.CRAWL_GENERATE + "/part-r-00000"));
    CorruptFiles.truncate(generate, 0.5);
    assertFailsNaming(generate, "readseg", "-list", segment.toString());
  }
}
