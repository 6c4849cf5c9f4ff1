package org.trawler.jobs.update;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.store.DbLock;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.cli.Main;

/** updatedb end to end in local mode, on a crawldb and segments written by hand. */
public class UpdateDbTest {
  private static final long NOW = System.currentTimeMillis();
  private static final long HOUR = 3_600_000L;
  private static final String A = "http://a.example/";
  private static final String B = "http://a.example/b";
  private static final String C = "http://a.example/c";
  private static final String D = "http://d.example/";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path crawlDb;
  private Path segments;
  private String out;
  private String err;

  @BeforeClass
  public static void startLogging() {
    // logging set up before stderr is captured, so its lines never count as the command's output
    LoggerFactory.getLogger(UpdateDbTest.class).info("updatedb local-mode tests");
  }

  @Before
  public void setUp() throws IOException {
    conf = Datums.conf();
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getAbsolutePath());
    conf.setInt(
        "mapreduce.client.completion.pollinterval", 50); // Hadoop's default waits 5 s per job
    fs = FileSystem.getLocal(conf);
    Path crawl = new Path(tmp.newFolder("crawl").getAbsolutePath());
    crawlDb = new Path(crawl, "crawldb");
    segments = new Path(crawl, "segments");
  }

  // ---- writing crawl data by hand ----

  private static CrawlDatum entry(CrawlStatus status) {
    CrawlDatum d = new CrawlDatum(status, 86_400, 1f);
    d.setFetchTime(NOW - HOUR);
    d.setDepth(0);
    return d;
  }

  private static CrawlDatum fetch(CrawlStatus status, long time) {
    CrawlDatum d = entry(CrawlStatus.DB_UNFETCHED);
    d.setStatus(status);
    d.setFetchTime(time);
    return d;
  }

  private void writeMapFile(Path dir, Map<String, CrawlDatum> records) throws IOException {
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            dir,
            MapFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (Map.Entry<String, CrawlDatum> e : new TreeMap<>(records).entrySet()) {
        w.append(new Text(e.getKey()), e.getValue());
      }
    }
  }

  private void writeSequenceFile(Path file, Object... urlsAndDatums) throws IOException {
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (int i = 0; i < urlsAndDatums.length; i += 2) {
        w.append(new Text((String) urlsAndDatums[i]), (CrawlDatum) urlsAndDatums[i + 1]);
      }
    }
  }

  private void writeCrawlDb(Map<String, CrawlDatum> entries) throws IOException {
    writeMapFile(new Path(VersionedDb.current(crawlDb), "part-r-00000"), entries);
  }

  private Path segment(String name, Map<String, CrawlDatum> fetched, Object... parsed)
      throws IOException {
    Path segment = new Path(segments, name);
    writeMapFile(new Path(new Path(segment, Segment.CRAWL_FETCH), "part-r-00000"), fetched);
    if (parsed.length > 0) {
      writeSequenceFile(new Path(new Path(segment, Segment.CRAWL_PARSE), "part-r-00000"), parsed);
    }
    return segment;
  }

  private Map<String, CrawlDatum> read(Path version) throws Exception {
    Map<String, CrawlDatum> db = new TreeMap<>();
    PartFiles.read(
        conf,
        version,
        new Text(),
        new CrawlDatum(),
        (k, v) -> db.put(k.toString(), new CrawlDatum(v)));
    return db;
  }

  private int updatedb(String... args) throws Exception {
    String[] command = new String[args.length + 1];
    command[0] = "updatedb";
    System.arraycopy(args, 0, command, 1, args.length);
    ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    try {
      return Main.run(
          new Configuration(conf),
          command,
          new PrintStream(outBytes, true, StandardCharsets.UTF_8),
          new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    } finally {
      out = outBytes.toString(StandardCharsets.UTF_8);
      err = errBytes.toString(StandardCharsets.UTF_8);
    }
  }

  private static String status(CrawlDatum d) {
    return d.statusLabel();
  }

  // ---- tests ----

  @Test
  public void fetchedParsedAndLinkedUrlsAreMergedAndTheOldVersionKept() throws Exception {
    writeCrawlDb(
        Map.of(
            A,
            entry(CrawlStatus.DB_UNFETCHED),
            B,
            entry(CrawlStatus.DB_UNFETCHED),
            C,
            entry(CrawlStatus.DB_FETCHED)));
    CrawlDatum signature = Datums.signature(1, 2, 3);
    Path segment =
        segment(
            "20240101000000",
            Map.of(
                A,
                fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR),
                B,
                fetch(CrawlStatus.FETCH_GONE, NOW - HOUR)),
            A,
            signature,
            D,
            Datums.linked(0.5f, 1),
            C,
            Datums.linked(0.25f, 1));

    assertEquals(err, 0, updatedb(crawlDb.toString(), segment.toString()));

    Map<String, CrawlDatum> db = read(VersionedDb.current(crawlDb));
    assertEquals(4, db.size());
    assertEquals("db_fetched", status(db.get(A)));
    assertArrayEquals(new byte[] {1, 2, 3}, db.get(A).getSignature());
    assertEquals("db_gone", status(db.get(B)));
    assertEquals("db_fetched", status(db.get(C)));
    assertEquals(1.25f, db.get(C).getScore(), 1e-6);
    assertEquals("db_unfetched", status(db.get(D)));
    assertEquals(0.5f, db.get(D).getScore(), 1e-6);
    assertEquals(1, db.get(D).getDepth());

    Map<String, CrawlDatum> old = read(VersionedDb.old(crawlDb));
    assertEquals(3, old.size());
    assertEquals("db_unfetched", status(old.get(A)));
    assertTrue(
        out, out.startsWith("updatedb: " + crawlDb + " updated from 1 segment: 4 urls, 1 new"));
    assertTrue(
        out,
        out.contains("db_fetched 2")
            && out.contains("db_gone 1")
            && out.contains("db_unfetched 1"));
    assertFalse(fs.exists(VersionedDb.lockFile(crawlDb)));
  }

  @Test
  public void twoSegmentsAtOnceTheNewerFetchWins() throws Exception {
    writeCrawlDb(Map.of(A, entry(CrawlStatus.DB_UNFETCHED)));
    // the later segment name holds the older fetch: fetch time decides, not the order of arguments
    Path first =
        segment(
            "20240101000000",
            Map.of(A, fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR)),
            A,
            Datums.signature(1),
            B,
            Datums.linked(0.5f, 1));
    Path second =
        segment(
            "20240102000000",
            Map.of(A, fetch(CrawlStatus.FETCH_NOTMODIFIED, NOW - 5 * HOUR)),
            A,
            Datums.signature(2),
            B,
            Datums.linked(0.25f, 1));

    assertEquals(err, 0, updatedb(crawlDb.toString(), first.toString(), second.toString()));

    Map<String, CrawlDatum> db = read(VersionedDb.current(crawlDb));
    assertEquals("db_fetched", status(db.get(A)));
    assertArrayEquals(new byte[] {1}, db.get(A).getSignature());
    assertEquals(NOW - HOUR + 86_400_000L, db.get(A).getFetchTime());
    assertEquals(0.75f, db.get(B).getScore(), 1e-6);
    assertTrue(out, out.contains("from 2 segments: 2 urls, 1 new"));
  }

  @Test
  public void metaRefreshPagesEndAsRedirectsAndTheirTargetsUnfetched() throws Exception {
    writeCrawlDb(Map.of(A, entry(CrawlStatus.DB_UNFETCHED), B, entry(CrawlStatus.DB_FETCHED)));
    Path segment =
        segment(
            "20240101000000",
            Map.of(
                A,
                fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR),
                B,
                fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR)),
            A,
            Datums.signature(1),
            A,
            Datums.refresh(C, true, 1f, 0),
            B,
            Datums.signature(2),
            B,
            Datums.refresh(D, false, 1f, 0));

    assertEquals(err, 0, updatedb(crawlDb.toString(), segment.toString()));

    Map<String, CrawlDatum> db = read(VersionedDb.current(crawlDb));
    assertEquals("db_redir_perm", status(db.get(A)));
    assertEquals(C, db.get(A).getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals("db_redir_temp", status(db.get(B)));
    assertEquals(D, db.get(B).getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals("db_unfetched", status(db.get(C)));
    assertEquals(0, db.get(C).getDepth());
    assertEquals("db_unfetched", status(db.get(D)));
    assertEquals(4, db.size());
  }

  @Test
  public void segmentsDirWithoutAdditionsUpdatesKnownUrlsOnly() throws Exception {
    writeCrawlDb(Map.of(A, entry(CrawlStatus.DB_UNFETCHED), B, entry(CrawlStatus.DB_UNFETCHED)));
    segment(
        "20240101000000",
        Map.of(A, fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR)),
        A,
        Datums.signature(1),
        D,
        Datums.linked(0.5f, 1));
    segment(
        "20240102000000",
        Map.of(B, fetch(CrawlStatus.FETCH_RETRY, NOW - HOUR))); // fetched, not parsed
    fs.mkdirs(
        new Path(segments, "20240103000000/" + Segment.CRAWL_GENERATE)); // generated, not fetched

    assertEquals(err, 0, updatedb(crawlDb.toString(), "-dir", segments.toString(), "-noAdditions"));

    Map<String, CrawlDatum> db = read(VersionedDb.current(crawlDb));
    assertEquals(2, db.size());
    assertEquals("db_fetched", status(db.get(A)));
    assertEquals("db_unfetched", status(db.get(B)));
    assertEquals(1, db.get(B).getRetries());
  }

  @Test
  public void missingCrawlDbIsCreatedFromTheSegments() throws Exception {
    Path segment =
        segment(
            "20240101000000",
            Map.of(A, fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR)),
            A,
            Datums.signature(1),
            B,
            Datums.linked(0.5f, 1));

    assertEquals(err, 0, updatedb(crawlDb.toString(), segment.toString()));

    Map<String, CrawlDatum> db = read(VersionedDb.current(crawlDb));
    assertEquals("db_fetched", status(db.get(A)));
    assertEquals("db_unfetched", status(db.get(B)));
    assertFalse(fs.exists(VersionedDb.old(crawlDb)));
  }

  @Test
  public void segmentNotFetchedIsOneClearLine() throws Exception {
    writeCrawlDb(Map.of(A, entry(CrawlStatus.DB_UNFETCHED)));
    Path generated = new Path(segments, "20240101000000");
    fs.mkdirs(new Path(generated, Segment.CRAWL_GENERATE));

    assertEquals(3, updatedb(crawlDb.toString(), generated.toString()));

    assertEquals(err, 1, err.trim().split("\n").length);
    assertTrue(err, err.startsWith("trawler updatedb: ") && err.contains("segment not fetched"));
    assertEquals("db_unfetched", status(read(VersionedDb.current(crawlDb)).get(A)));
    assertFalse(fs.exists(VersionedDb.lockFile(crawlDb)));
  }

  @Test
  public void heldLockIsOneClearLineAndForceBreaksIt() throws Exception {
    writeCrawlDb(Map.of(A, entry(CrawlStatus.DB_UNFETCHED)));
    Path segment =
        segment("20240101000000", Map.of(A, fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR)));
    DbLock.acquire(conf, crawlDb, "crawldb", false); // another job's lock, never released by it

    assertEquals(3, updatedb(crawlDb.toString(), segment.toString()));
    assertEquals(err, 1, err.trim().split("\n").length);
    assertTrue(
        err,
        err.contains("crawldb is locked")
            && err.contains(VersionedDb.lockFile(crawlDb).toString()));
    assertEquals("db_unfetched", status(read(VersionedDb.current(crawlDb)).get(A)));

    assertEquals(err, 0, updatedb(crawlDb.toString(), segment.toString(), "-force"));
    assertEquals("db_fetched", status(read(VersionedDb.current(crawlDb)).get(A)));
    assertFalse(fs.exists(VersionedDb.lockFile(crawlDb)));
  }

  @Test
  public void failedJobLeavesTheCrawlDbAsItWas() throws Exception {
    writeCrawlDb(Map.of(A, entry(CrawlStatus.DB_UNFETCHED)));
    Path segment = new Path(segments, "20240101000000");
    try (OutputStream garbage =
        fs.create(new Path(segment, Segment.CRAWL_FETCH + "/part-r-00000"))) {
      garbage.write("not a sequence file".getBytes(StandardCharsets.UTF_8));
    }

    assertEquals(3, updatedb(crawlDb.toString(), segment.toString()));

    assertEquals("db_unfetched", status(read(VersionedDb.current(crawlDb)).get(A)));
    assertFalse(fs.exists(VersionedDb.old(crawlDb)));
    assertFalse(fs.exists(VersionedDb.lockFile(crawlDb)));
    for (FileStatus st : fs.listStatus(crawlDb)) {
      assertEquals(VersionedDb.CURRENT, st.getPath().getName());
    }
  }

  @Test
  public void noSegmentIsAUsageError() throws Exception {
    assertEquals(2, updatedb(crawlDb.toString()));
    assertTrue(err, err.contains("usage: bin/crawl updatedb <crawldb> <segment>..."));
  }

  @Test
  public void unknownScheduleClassIsOneClearLine() throws Exception {
    Path segment =
        segment("20240101000000", Map.of(A, fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR)));
    assertEquals(
        2,
        updatedb(
            "-D",
            "db.fetch.schedule.class=com.example.Nope",
            crawlDb.toString(),
            segment.toString()));
    assertEquals(err, 1, err.trim().split("\n").length);
    assertTrue(err, err.contains("com.example.Nope"));
  }

  @Test
  public void aHostAtItsUrlCapGainsNoUrlRoundAfterRound() throws Exception {
    conf.setInt(UpdateKeys.MAX_URLS_PER_HOST, 3);
    conf.setInt("mapreduce.job.reduces", 3); // the host's count must reach the reducer of its URLs
    writeCrawlDb(
        Map.of(
            "http://trap.example/z1", entry(CrawlStatus.DB_FETCHED),
            "http://trap.example/z2", entry(CrawlStatus.DB_UNFETCHED)));
    // links that sort before the crawldb's own URLs: counted first, they would all get in
    Path segment =
        segment(
            "20240101000000",
            Map.of("http://trap.example/z1", fetch(CrawlStatus.FETCH_SUCCESS, NOW - HOUR)),
            "http://trap.example/a1",
            Datums.linked(0.1f, 1),
            "http://trap.example/a2",
            Datums.linked(0.1f, 1),
            "http://trap.example/a3",
            Datums.linked(0.1f, 1),
            "http://calm.example/",
            Datums.linked(0.1f, 1));

    assertEquals(err, 0, updatedb(crawlDb.toString(), segment.toString()));

    Map<String, CrawlDatum> db = read(VersionedDb.current(crawlDb));
    assertEquals(
        new java.util.TreeSet<>(
            java.util.List.of(
                "http://calm.example/",
                "http://trap.example/a1",
                "http://trap.example/z1",
                "http://trap.example/z2")),
        db.keySet());
  }
}
