package org.trawler.jobs.inject;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.DbLock;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.CrawlDbFiles;
import org.trawler.jobs.LogCapture;

/**
 * inject end to end in local mode (LocalJobRunner, temporary directories), checked through readdb.
 */
public class InjectorLocalTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path crawlDb;
  private int dumps;

  @Before
  public void setUp() throws Exception {
    conf = SeedParserTest.testConf();
    crawlDb = tmp.getRoot().toPath().resolve("crawl/crawldb");
  }

  private Path seeds(String dir, String file, String... lines) throws Exception {
    Path path = tmp.getRoot().toPath().resolve(dir).resolve(file);
    Files.createDirectories(path.getParent());
    Files.write(path, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    return tmp.getRoot().toPath().resolve(dir);
  }

  private CommandRun inject(Path urls, String... options) throws Exception {
    String[] args = new String[3 + options.length];
    args[0] = "inject";
    args[1] = crawlDb.toString();
    args[2] = urls.toString();
    System.arraycopy(options, 0, args, 3, options.length);
    return CommandRun.run(conf, args);
  }

  private Map<String, JsonNode> dump() throws Exception {
    return CrawlDbFiles.dump(conf, crawlDb, tmp.getRoot().toPath().resolve("dump" + dumps++));
  }

  /**
   * run prints the crawldb's size after inject from this figure, without reading the crawldb again.
   */
  @Test
  public void injectReportsTheSizeOfTheCrawlDbItWrote() throws Exception {
    Injector injector = new Injector();
    injector.setConf(new Configuration(conf));
    org.apache.hadoop.fs.Path db = new org.apache.hadoop.fs.Path(crawlDb.toString());
    Path first = seeds("urls1", "seed.txt", "http://a.com/", "http://b.com/", "http://a.com/");
    assertEquals(
        "a new crawldb",
        2,
        injector.inject(db, new org.apache.hadoop.fs.Path(first.toString()), false).dbSize);
    Path second = seeds("urls2", "seed.txt", "http://b.com/", "http://c.com/");
    assertEquals(
        "a merge",
        3,
        injector.inject(db, new org.apache.hadoop.fs.Path(second.toString()), false).dbSize);
    assertEquals(3, dump().size());
  }

  @Test
  public void injectTwiceKeepsExistingEntriesAndAddsNewOnes() throws Exception {
    CommandRun first =
        inject(
            seeds(
                "urls1",
                "seed.txt",
                "# my seeds",
                "http://a.com/\tnutch.score=2",
                "http://b.com/\tcategory=news",
                "",
                "http://c.com/\tnutch.fetchInterval.fixed=3600"));
    assertEquals(first.toString(), 0, first.exitCode);
    assertTrue(first.out, first.out.contains("3 URLs injected: 3 new, 0 merged"));
    Map<String, JsonNode> db = dump();
    assertEquals(3, db.size());
    JsonNode a = db.get("http://a.com/");
    assertEquals("db_unfetched", a.get("status").asText());
    assertEquals(2.0, a.get("score").asDouble(), 0);
    assertEquals(2592000, a.get("fetchInterval").asInt());
    assertEquals(0, a.get("metadata").get("_depth_").asInt());
    assertTrue(a.get("signature").isNull());
    assertEquals("news", db.get("http://b.com/").get("metadata").get("category").asText());
    assertEquals(3600, db.get("http://c.com/").get("fetchInterval").asInt());
    assertEquals(3600, db.get("http://c.com/").get("metadata").get("_fixedinterval_").asInt());
    long firstFetchTime = a.get("fetchTime").asLong();

    CommandRun second =
        inject(seeds("urls2", "seed.txt", "http://a.com/\tnutch.score=5", "http://d.com/"));
    assertEquals(second.toString(), 0, second.exitCode);
    assertTrue(
        second.out,
        second.out.contains(
            "2 URLs injected: 1 new, 1 merged (existing entries kept as they were)"));
    db = dump();
    assertEquals(4, db.size());
    assertEquals(2.0, db.get("http://a.com/").get("score").asDouble(), 0);
    assertEquals(firstFetchTime, db.get("http://a.com/").get("fetchTime").asLong());
    assertEquals("db_unfetched", db.get("http://d.com/").get("status").asText());

    assertTrue("previous version kept", Files.isDirectory(crawlDb.resolve("old")));
    assertFalse("lock released", Files.exists(crawlDb.resolve(".locked")));
    for (String name : crawlDb.toFile().list()) {
      assertFalse("no temporary directory left: " + name, name.startsWith(".tmp-"));
    }
  }

  @Test
  public void overwriteReplacesAndUpdateMergesExistingEntries() throws Exception {
    CrawlDatum fetched = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 3.0f);
    fetched.setFetchTime(1_000_000L);
    fetched.setModifiedTime(900_000L);
    fetched.setSignature(new byte[] {(byte) 0xab, 0x01});
    fetched.setDepth(2);
    fetched.putMeta(new Text("kept"), "yes");
    CrawlDbFiles.write(
        conf, crawlDb, Map.of("http://a.com/", fetched, "http://b.com/", new CrawlDatum(fetched)));

    CommandRun overwrite =
        inject(
            seeds("urls1", "s.txt", "http://a.com/\tnutch.score=7", "http://e.com/"), "-overwrite");
    assertEquals(overwrite.toString(), 0, overwrite.exitCode);
    assertTrue(
        overwrite.out, overwrite.out.contains("1 new, 1 merged (existing entries overwritten)"));
    Map<String, JsonNode> afterOverwrite = dump();
    assertEquals(3, afterOverwrite.size());
    assertEquals("db_fetched", afterOverwrite.get("http://b.com/").get("status").asText());
    JsonNode a = afterOverwrite.get("http://a.com/");
    assertEquals("db_unfetched", a.get("status").asText());
    assertEquals(7.0, a.get("score").asDouble(), 0);
    assertTrue(a.get("fetchTime").asLong() > 1_000_000L);
    assertTrue(a.get("signature").isNull());
    assertFalse(a.get("metadata").has("kept"));

    CommandRun update =
        inject(
            seeds(
                "urls2",
                "s.txt",
                "http://b.com/\tnutch.score=9\tnutch.fetchInterval=100\tcategory=x",
                "http://f.com/"),
            "-update");
    assertEquals(update.toString(), 0, update.exitCode);
    assertTrue(update.out, update.out.contains("1 new, 1 merged (existing entries updated)"));
    Map<String, JsonNode> db = dump();
    assertEquals(4, db.size());
    assertEquals("db_unfetched", db.get("http://f.com/").get("status").asText());
    JsonNode b = db.get("http://b.com/");
    assertEquals("db_fetched", b.get("status").asText());
    assertEquals(1_000_000L, b.get("fetchTime").asLong());
    assertEquals(900_000L, b.get("modifiedTime").asLong());
    assertEquals("ab01", b.get("signature").asText());
    assertEquals(9.0, b.get("score").asDouble(), 0);
    assertEquals(100, b.get("fetchInterval").asInt());
    assertEquals("x", b.get("metadata").get("category").asText());
    assertEquals("yes", b.get("metadata").get("kept").asText());
    assertEquals(7.0, db.get("http://a.com/").get("score").asDouble(), 0);
  }

  @Test
  public void overwriteAndUpdateCanComeFromTheConfiguration() throws Exception {
    CrawlDatum fetched = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 3.0f);
    CrawlDbFiles.write(conf, crawlDb, Map.of("http://a.com/", fetched));
    conf.setBoolean(InjectKeys.UPDATE, true);
    CommandRun run = inject(seeds("urls", "s.txt", "http://a.com/\tnutch.score=4"));
    assertEquals(run.toString(), 0, run.exitCode);
    JsonNode a = dump().get("http://a.com/");
    assertEquals("db_fetched", a.get("status").asText());
    assertEquals(4.0, a.get("score").asDouble(), 0);
  }

  @Test
  public void lastDuplicateSeedWinsAcrossFilesAndHiddenFilesAreSkipped() throws Exception {
    seeds(
        "urls",
        "a.txt",
        "http://x.com/\tnutch.score=1",
        "http://y.com/",
        "http://x.com/\tnutch.score=2");
    seeds("urls", "sub/c.txt", "http://x.com/\tnutch.score=3");
    seeds("urls", ".hidden.txt", "http://hidden.com/");
    seeds("urls", "_tmp/seeds.txt", "http://underscore.com/");
    Path urls = seeds("urls", "sub/.backup/old.txt", "http://backup.com/");
    CommandRun run = inject(urls);
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("4 URLs injected: 2 new, 0 merged"));
    assertTrue(run.out, run.out.contains("2 duplicate seeds"));
    Map<String, JsonNode> db = dump();
    assertEquals(
        new TreeSet<>(Arrays.asList("http://x.com/", "http://y.com/")), new TreeSet<>(db.keySet()));
    assertEquals(3.0, db.get("http://x.com/").get("score").asDouble(), 0);
  }

  @Test
  public void badLinesAreCountedAndLoggedWithFileAndLineAndTheGoodOnesInjected() throws Exception {
    char[] longUrl = new char[10_000];
    Arrays.fill(longUrl, 'a');
    System.arraycopy("http://a.com/".toCharArray(), 0, longUrl, 0, 13);
    Path urls =
        seeds(
            "urls",
            "seeds.txt",
            "http://good.com/",
            "\u0000\u0001\u0002\u0003binary",
            new String(longUrl),
            "http://space.com/a b",
            "gopher://unknown.com/",
            "http://score.com/\tnutch.score=abc",
            "http://interval.com/\tnutch.fetchInterval=-5",
            "http://good2.com/");
    Files.write(
        urls.resolve("binary.bin"),
        new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0x80, '\n'});
    conf.set("urlnormalizer.order", "");
    CommandRun run;
    String log;
    try (LogCapture capture = new LogCapture()) {
      run = inject(urls);
      log = capture.text();
    }
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("2 URLs injected: 2 new"));
    assertTrue(run.out, run.out.contains("1 rejected by normalizers/filters, 6 malformed lines"));
    assertEquals(2, dump().size());
    String file = urls.resolve("seeds.txt").toString();
    assertTrue(log, log.contains(file + ":2: skipped, not text"));
    assertTrue(log, log.contains(file + ":3: skipped, URL of 10000 characters"));
    assertTrue(log, log.contains(file + ":4: skipped, malformed URL"));
    assertTrue(log, log.contains(file + ":5: skipped, rejected by the URL filters"));
    assertTrue(log, log.contains(file + ":6: skipped, nutch.score=abc is not a number"));
    assertTrue(log, log.contains(file + ":7: skipped, nutch.fetchInterval=-5 is not"));
    assertTrue(log, log.contains(urls.resolve("binary.bin") + ":1: skipped, not text"));
  }

  @Test
  public void aSpaceInsideASeedUrlRejectsTheLineWithItsNumber() throws Exception {
    Path urls =
        seeds(
            "urls",
            "seeds.txt",
            "http://127.0.0.7/tutorial/ nutch.score=2",
            "http://example.net/a b",
            "http://example.net/a%20b",
            "http://example.net/c\tnutch.score=2");
    CommandRun run;
    String log;
    try (LogCapture capture = new LogCapture()) {
      run = inject(urls);
      log = capture.text();
    }
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("2 URLs injected: 2 new"));
    assertTrue(run.out, run.out.contains("2 malformed lines"));
    String file = urls.resolve("seeds.txt").toString();
    assertTrue(
        log,
        log.contains(
            file
                + ":1: skipped, malformed URL: a space at column 27 (metadata must be separated"
                + " by tabs, and spaces in a URL written %20)"));
    assertTrue(log, log.contains(file + ":2: skipped, malformed URL: a space at column 21"));
    assertEquals(Set.of("http://example.net/a%20b", "http://example.net/c"), dump().keySet());
  }

  // ---- user mistakes: one line, non-zero exit, crawldb untouched ----

  private void assertOneLineFailure(CommandRun run, int exitCode, String messagePart) {
    assertEquals(run.toString(), exitCode, run.exitCode);
    assertEquals(run.toString(), 1, run.errLines().length);
    assertTrue(run.err, run.err.startsWith("trawler inject: "));
    assertTrue(run.err, run.err.contains(messagePart));
  }

  private Path existingCrawlDb() throws Exception {
    CommandRun run = inject(seeds("urls0", "s.txt", "http://a.com/"));
    assertEquals(run.toString(), 0, run.exitCode);
    return crawlDb;
  }

  @Test
  public void missingSeedDirectoryFailsInOneLineAndLeavesTheCrawlDbAlone() throws Exception {
    existingCrawlDb();
    var before = CrawlDbFiles.snapshot(crawlDb);
    Path missing = tmp.getRoot().toPath().resolve("no-such-dir");
    assertOneLineFailure(inject(missing), 3, "seed directory " + missing + " does not exist");
    assertEquals(before, CrawlDbFiles.snapshot(crawlDb));
  }

  @Test
  public void emptySeedDirectoryIsNothingToDo() throws Exception {
    existingCrawlDb();
    var before = CrawlDbFiles.snapshot(crawlDb);
    Path empty = tmp.newFolder("empty").toPath();
    Files.write(empty.resolve(".DS_Store"), new byte[] {1});
    assertOneLineFailure(inject(empty), 1, "no seed files in " + empty);
    assertEquals(before, CrawlDbFiles.snapshot(crawlDb));
  }

  @Test
  public void crawlDbThatIsAFileIsRefused() throws Exception {
    Files.createDirectories(crawlDb.getParent());
    Files.write(crawlDb, "not a crawldb".getBytes(StandardCharsets.UTF_8));
    assertOneLineFailure(
        inject(seeds("urls", "s.txt", "http://a.com/")), 3, "is a file, not a crawldb directory");
    assertEquals("not a crawldb", new String(Files.readAllBytes(crawlDb), StandardCharsets.UTF_8));
  }

  @Test
  public void crawlDbThatCannotBeCreatedIsRefused() throws Exception {
    Path file = tmp.newFile("somefile").toPath();
    crawlDb = file.resolve("crawldb");
    assertOneLineFailure(
        inject(seeds("urls", "s.txt", "http://a.com/")),
        3,
        "cannot create crawldb directory " + crawlDb);
  }

  @Test
  public void lockedCrawlDbFailsAtOnceNamingTheLockFile() throws Exception {
    existingCrawlDb();
    Path urls = seeds("urls", "s.txt", "http://b.com/");
    org.apache.hadoop.fs.Path db = new org.apache.hadoop.fs.Path(crawlDb.toString());
    try (DbLock held = DbLock.acquire(conf, db, "crawldb", false)) {
      var before = CrawlDbFiles.snapshot(crawlDb);
      long start = System.nanoTime();
      CommandRun run = inject(urls);
      assertTrue("fails at once", System.nanoTime() - start < 10_000_000_000L);
      assertOneLineFailure(run, 3, "crawldb is locked");
      assertTrue(run.err, run.err.contains(VersionedDb.lockFile(db).toUri().getPath()));
      assertEquals(before, CrawlDbFiles.snapshot(crawlDb));
    }
    CommandRun forced;
    try (DbLock held = DbLock.acquire(conf, db, "crawldb", false)) {
      forced = inject(urls, "-force");
    }
    assertEquals(forced.toString(), 0, forced.exitCode);
    assertEquals(2, dump().size());
  }

  @Test
  public void failedJobLeavesTheCrawlDbAsItWasWithoutTemporaryDirectoriesOrLock() throws Exception {
    existingCrawlDb();
    var before = CrawlDbFiles.snapshot(crawlDb);
    CommandRun run = inject(seeds("urls", "s.txt", "http://b.com/", "http://c.com/crash/"));
    assertOneLineFailure(
        run, 3, "inject sort " + crawlDb + " failed: simulated task crash (output " + crawlDb);
    assertTrue(run.err, run.err.contains("failed"));
    assertEquals(before, CrawlDbFiles.snapshot(crawlDb));
  }

  @Test
  public void unknownNormalizerClassIsOneLine() throws Exception {
    conf.set("urlnormalizer.order", "org.example.NoSuchNormalizer");
    assertOneLineFailure(
        inject(seeds("urls", "s.txt", "http://a.com/")),
        2,
        "class org.example.NoSuchNormalizer is not on the classpath");
    assertFalse(Files.exists(crawlDb));
  }

  @Test
  public void wrongArgumentsPrintTheUsage() throws Exception {
    CommandRun run = CommandRun.run(conf, "inject", "only-one-argument");
    assertEquals(2, run.exitCode);
    assertTrue(run.err, run.err.contains("usage: bin/crawl inject <crawldb> <url_dir>"));
  }
}
