package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The crawldb on disk after a writer was killed at each step of {@link CrawlDb#install}: a reader
 * always finds one complete version, and the next lock holder puts the directory back in order.
 */
public class InterruptedInstallTest {
  @Rule
  public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path crawlDb;

  @Before
  public void setUp() throws IOException {
    conf = new Configuration();
    crawlDb = new Path(tmp.getRoot().getPath(), "crawldb");
    fs = crawlDb.getFileSystem(conf);
  }

  private Path version(String name) throws IOException {
    Path dir = CrawlDb.newTempDir(crawlDb);
    try (OutputStream out = fs.create(new Path(dir, "part-r-00000"))) {
      out.write(name.getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  private String nameOf(Path versionDir) throws IOException {
    try (InputStream in = fs.open(new Path(versionDir, "part-r-00000"))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Installs v1 and v2, then replays the first rename of a third install: the state a kill between the renames leaves. */
  private Path killedBetweenTheRenames() throws IOException {
    CrawlDb.install(conf, crawlDb, version("v1"));
    CrawlDb.install(conf, crawlDb, version("v2"));
    Path v3 = version("v3");
    fs.delete(CrawlDb.old(crawlDb), true);
    assertTrue(fs.rename(CrawlDb.current(crawlDb), CrawlDb.old(crawlDb)));
    return v3;
  }

  @Test
  public void killBetweenTheRenamesLeavesThePreviousVersionReadable() throws Exception {
    killedBetweenTheRenames();

    assertTrue(CrawlDb.exists(conf, crawlDb));
    Path read = CrawlDb.currentForReading(conf, crawlDb);
    assertEquals("v2", nameOf(read));
    assertFalse("a reader does not rename: only the lock holder may", fs.exists(CrawlDb.current(crawlDb)));
  }

  @Test
  public void nextWriterRestoresThePreviousVersionAndRemovesTheOrphan() throws Exception {
    Path orphan = killedBetweenTheRenames();

    try (CrawlDbLock lock = CrawlDbLock.acquire(conf, crawlDb, false)) {
      CrawlDb.removeTempDirs(conf, crawlDb);
      assertEquals("v2", nameOf(CrawlDb.current(crawlDb)));
      assertFalse(fs.exists(CrawlDb.old(crawlDb)));
      assertFalse(fs.exists(orphan));
      CrawlDb.install(conf, crawlDb, version("v4"));
    }
    assertEquals("v4", nameOf(CrawlDb.current(crawlDb)));
    assertEquals("v2", nameOf(CrawlDb.old(crawlDb)));
  }

  @Test
  public void killWhileDeletingTheOldBackupLeavesCurrentIntact() throws Exception {
    CrawlDb.install(conf, crawlDb, version("v1"));
    CrawlDb.install(conf, crawlDb, version("v2"));
    fs.delete(new Path(CrawlDb.old(crawlDb), "part-r-00000"), false); // half-deleted backup

    assertEquals(CrawlDb.current(crawlDb), CrawlDb.currentForReading(conf, crawlDb));
    CrawlDb.install(conf, crawlDb, version("v3"));
    assertEquals("v3", nameOf(CrawlDb.current(crawlDb)));
    assertEquals("v2", nameOf(CrawlDb.old(crawlDb)));
  }

  @Test
  public void killBeforeInstallLeavesCurrentAndAnOrphanTheNextWriterRemoves() throws Exception {
    CrawlDb.install(conf, crawlDb, version("v1"));
    Path orphan = version("v2, never installed");

    assertEquals("v1", nameOf(CrawlDb.currentForReading(conf, crawlDb)));
    try (CrawlDbLock lock = CrawlDbLock.acquire(conf, crawlDb, true)) {
      CrawlDb.removeTempDirs(conf, crawlDb);
    }
    assertFalse(fs.exists(orphan));
    assertEquals("v1", nameOf(CrawlDb.current(crawlDb)));
  }

  @Test
  public void emptyDirectoryIsNotACrawlDb() throws Exception {
    fs.mkdirs(crawlDb);
    assertNull(CrawlDb.readable(fs, crawlDb));
    try {
      CrawlDb.currentForReading(conf, crawlDb);
      fail();
    } catch (org.trawler.core.UserException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("is not a crawldb"));
    }
  }
}
