package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;

/**
 * Two writers at once: {@code -force} breaks the lock of a job that is still running. The job that
 * broke it installs; the job it broke notices before its renames and installs nothing.
 */
public class TwoWritersTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path crawlDb;
  private Path segment;

  @Before
  public void setUp() throws IOException {
    conf = FaultyFileSystem.register(CrawlData.localConf(tmp));
    File crawl = tmp.newFolder("crawl");
    crawlDb = new Path(new File(crawl, "crawldb").getPath());
    CrawlData.crawlDb(conf, crawlDb, 100, CrawlStatus.DB_FETCHED);
    segment = CrawlData.fetchedSegment(conf, new Path(new File(crawl, "segments").getPath()), 50);
  }

  @Test
  public void aForcedWriterInstallsAndTheLiveWriterItBrokeFailsInOneLine() throws Exception {
    CrawlDbSummary before = CrawlDbSummary.of(conf, crawlDb);
    // The first updatedb runs its job, then stops where it reads its lock before installing.
    FaultyFileSystem.Plan plan =
        FaultyFileSystem.arm(
            new FaultyFileSystem.Plan().holdOpenOf(VersionedDb.lockFile(crawlDb).getName()));
    String heldDb = FaultyFileSystem.uri(crawlDb.toString());
    FutureTask<CommandRun> first =
        new FutureTask<>(() -> CommandRun.run(conf, "updatedb", heldDb, segment.toString()));
    new Thread(first, "first-updatedb").start();
    plan.awaitHeld();

    CommandRun second = CommandRun.run(conf, "dedup", crawlDb.toString(), "-force");
    plan.release();
    CommandRun broken = first.get(120, TimeUnit.SECONDS);

    assertEquals(second.toString(), 0, second.exitCode);
    assertEquals(broken.toString(), 3, broken.exitCode);
    assertEquals(broken.toString(), 1, broken.errLines().length);
    assertTrue(
        broken.err,
        broken.err.startsWith("trawler updatedb: crawldb lock ")
            && broken.err.contains(VersionedDb.lockFile(crawlDb).toString())
            && broken.err.contains("was removed while this job ran: its result is not installed"));
    CrawlDbSummary after = CrawlDbSummary.of(conf, crawlDb);
    assertEquals("the dedup's version is current", before.total, after.total);
    assertNull("no update was installed", after.perStatus.get("db_gone"));
    assertTrue("dedup marked duplicates", after.perStatus.get("db_duplicate") > 0);
    assertFalse("no lock left", new File(VersionedDb.lockFile(crawlDb).toString()).exists());
    assertEquals(java.util.List.of(), DirectoryDigest.named(new File(crawlDb.toString()), ".tmp-"));

    CommandRun again = CommandRun.run(conf, "updatedb", crawlDb.toString(), segment.toString());
    assertEquals("the next run succeeds", 0, again.exitCode);
  }
}
