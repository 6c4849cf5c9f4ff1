package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.StoreKeys;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;

/**
 * What a crash leaves besides the crawldb: its lock (named by the next command with how to break
 * it, broken automatically after db.lock.stale.after seconds) and its temporary directories
 * (removed by the next writer once it holds the lock).
 */
public class StaleLockAndLeftoversTest {
  private static final long HOUR = 3_600_000L;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private File crawl;
  private Path crawlDb;
  private Path segment;

  @BeforeClass
  public static void startLogging() {
    LoggerFactory.getLogger(StaleLockAndLeftoversTest.class).info("stale lock tests");
  }

  @Before
  public void setUp() throws IOException {
    conf = CrawlData.localConf(tmp);
    crawl = tmp.newFolder("crawl");
    crawlDb = new Path(new File(crawl, "crawldb").getPath());
    CrawlData.crawlDb(conf, crawlDb, 100, CrawlStatus.DB_FETCHED);
    segment = CrawlData.fetchedSegment(conf, new Path(new File(crawl, "segments").getPath()), 50);
  }

  /** The lock a killed job left, last touched {@code ageMillis} ago. */
  private File deadJobsLock(Path db, long ageMillis) throws IOException {
    File lock = CorruptFiles.local(VersionedDb.lockFile(db));
    lock.getParentFile().mkdirs();
    Files.writeString(lock.toPath(), "12345@crashed-host at some time\n");
    assertTrue(lock.setLastModified(System.currentTimeMillis() - ageMillis));
    return lock;
  }

  private File leftoverTempDir(Path db) throws IOException {
    File dir = CorruptFiles.local(VersionedDb.newTempDir(db));
    File part = new File(dir, "_temporary/0/part-r-00000");
    part.getParentFile().mkdirs();
    Files.writeString(part.toPath(), "half-written output of a killed job");
    return dir;
  }

  @Test
  public void heldLockIsNamedWithHowToBreakIt() throws Exception {
    File lock = deadJobsLock(crawlDb, 2 * HOUR);
    String before = DirectoryDigest.of(crawl);

    CommandRun run = CommandRun.run(conf, "updatedb", crawlDb.toString(), segment.toString());

    assertEquals(run.toString(), 3, run.exitCode);
    assertEquals(run.toString(), 1, run.errLines().length);
    assertTrue(run.err, run.err.startsWith("trawler updatedb: crawldb is locked by another job"));
    assertTrue(run.err, run.err.contains(lock.getPath()));
    assertTrue(run.err, run.err.contains("-force") && run.err.contains(StoreKeys.LOCK_STALE_AFTER));
    assertEquals(before, DirectoryDigest.of(crawl));
  }

  @Test
  public void lockOlderThanStaleAfterIsBrokenAutomatically() throws Exception {
    File lock = deadJobsLock(crawlDb, 2 * HOUR);

    CommandRun run =
        CommandRun.run(
            conf,
            "updatedb",
            crawlDb.toString(),
            segment.toString(),
            "-D",
            StoreKeys.LOCK_STALE_AFTER + "=3600");

    assertEquals(run.toString(), 0, run.exitCode);
    assertFalse("released after the run", lock.exists());
    assertEquals(
        "the update ran", 5, (long) CrawlDbSummary.of(conf, crawlDb).perStatus.get("db_gone"));
  }

  @Test
  public void lockYoungerThanStaleAfterStillHolds() throws Exception {
    File lock = deadJobsLock(crawlDb, 60_000L);

    CommandRun run =
        CommandRun.run(
            conf, "dedup", crawlDb.toString(), "-D", StoreKeys.LOCK_STALE_AFTER + "=3600");

    assertEquals(run.toString(), 3, run.exitCode);
    assertTrue(run.err, run.err.contains(lock.getPath()));
    assertTrue(lock.exists());
  }

  @Test
  public void nextWriterRemovesTheTemporaryDirectoriesOfCrashedJobs() throws Exception {
    File first = leftoverTempDir(crawlDb);
    File second = leftoverTempDir(crawlDb);

    CommandRun run = CommandRun.run(conf, "dedup", crawlDb.toString());

    assertEquals(run.toString(), 0, run.exitCode);
    assertFalse(first.exists());
    assertFalse(second.exists());
    assertEquals(List.of(), DirectoryDigest.named(crawl, ".tmp-"));
  }

  @Test
  public void linkDbWriterRemovesItsLeftoversToo() throws Exception {
    Path linkDb = new Path(new File(crawl, "linkdb").getPath());
    File leftover = leftoverTempDir(linkDb);
    File lock = deadJobsLock(linkDb, 2 * HOUR);
    Path parsed = new Path(segment.getParent(), "20240102000000");
    new File(CorruptFiles.local(parsed), "parse_data").mkdirs();

    CommandRun refused = CommandRun.run(conf, "invertlinks", linkDb.toString(), parsed.toString());
    assertEquals(refused.toString(), 3, refused.exitCode);
    assertTrue(refused.err, refused.err.contains(lock.getPath()) && refused.err.contains("-force"));

    CommandRun run =
        CommandRun.run(conf, "invertlinks", linkDb.toString(), parsed.toString(), "-force");
    assertEquals(run.toString(), 0, run.exitCode);
    assertFalse(leftover.exists());
    assertFalse(lock.exists());
  }

  @Test
  public void installInterruptedBetweenItsRenamesIsReadableAndRepairedByTheNextWriter()
      throws Exception {
    CrawlDbSummary previous = CrawlDbSummary.of(conf, crawlDb);
    File current = CorruptFiles.local(VersionedDb.current(crawlDb));
    assertTrue(
        current.renameTo(
            CorruptFiles.local(VersionedDb.old(crawlDb)))); // killed after "current → old"
    File orphan = leftoverTempDir(crawlDb);
    deadJobsLock(crawlDb, 10_000L);

    assertEquals("a reader sees the previous version", previous, CrawlDbSummary.of(conf, crawlDb));
    CommandRun run =
        CommandRun.run(conf, "updatedb", crawlDb.toString(), segment.toString(), "-force");

    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(current.exists());
    assertFalse(orphan.exists());
    assertEquals(
        "the restored version was the one updated",
        previous.total,
        PartFiles.count(conf, VersionedDb.old(crawlDb), new Text(), new CrawlDatum()));
  }
}
