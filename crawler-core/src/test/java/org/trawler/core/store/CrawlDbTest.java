package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;

public class CrawlDbTest {
  @Rule
  public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path crawlDb;

  @Before
  public void setUp() throws IOException {
    conf = new Configuration();
    crawlDb = new Path(tmp.getRoot().getPath(), "crawldb");
    fs = crawlDb.getFileSystem(conf);
  }

  /** A new version directory holding one file that names it. */
  private Path version(String name) throws IOException {
    Path dir = CrawlDb.newTempDir(crawlDb);
    try (var out = fs.create(new Path(dir, "part-r-00000"))) {
      out.write(name.getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  private String nameOf(Path versionDir) throws IOException {
    return new String(Files.readAllBytes(java.nio.file.Paths.get(versionDir.toUri().getPath(), "part-r-00000")),
        StandardCharsets.UTF_8);
  }

  @Test
  public void firstInstallBecomesCurrentWithoutBackup() throws Exception {
    Path v1 = version("v1");
    CrawlDb.install(conf, crawlDb, v1);
    assertEquals("v1", nameOf(CrawlDb.current(crawlDb)));
    assertFalse(fs.exists(CrawlDb.old(crawlDb)));
    assertFalse("the temporary directory was renamed", fs.exists(v1));
    assertTrue(CrawlDb.exists(conf, crawlDb));
  }

  @Test
  public void installKeepsThePreviousVersionAsOld() throws Exception {
    CrawlDb.install(conf, crawlDb, version("v1"));
    CrawlDb.install(conf, crawlDb, version("v2"));
    assertEquals("v2", nameOf(CrawlDb.current(crawlDb)));
    assertEquals("v1", nameOf(CrawlDb.old(crawlDb)));
    CrawlDb.install(conf, crawlDb, version("v3"));
    assertEquals("v3", nameOf(CrawlDb.current(crawlDb)));
    assertEquals("only the last backup is kept", "v2", nameOf(CrawlDb.old(crawlDb)));
  }

  @Test
  public void noBackupWhenPreserveBackupIsFalse() throws Exception {
    conf.setBoolean(StoreKeys.PRESERVE_BACKUP, false);
    CrawlDb.install(conf, crawlDb, version("v1"));
    CrawlDb.install(conf, crawlDb, version("v2"));
    assertEquals("v2", nameOf(CrawlDb.current(crawlDb)));
    assertFalse(fs.exists(CrawlDb.old(crawlDb)));
  }

  @Test
  public void interruptedInstallIsRecoveredFromOld() throws Exception {
    CrawlDb.install(conf, crawlDb, version("v1"));
    CrawlDb.install(conf, crawlDb, version("v2"));
    // A crash after "current → old" and before "new → current":
    fs.delete(CrawlDb.current(crawlDb), true);
    assertTrue(CrawlDb.exists(conf, crawlDb));
    // Readers read old as it is; only the next lock holder renames it back.
    assertEquals(CrawlDb.old(crawlDb), CrawlDb.currentForReading(conf, crawlDb));
    CrawlDbLock.acquire(conf, crawlDb, false).close();
    assertEquals("v1", nameOf(CrawlDb.current(crawlDb)));
    assertEquals(CrawlDb.current(crawlDb), CrawlDb.currentForReading(conf, crawlDb));
  }

  @Test
  public void readingAMissingCrawlDbSaysRunInject() {
    assertUserException(() -> CrawlDb.currentForReading(conf, crawlDb), "no crawldb at " + crawlDb + ": run inject first");
  }

  @Test
  public void readingAFileOrAForeignDirectoryIsRefused() throws Exception {
    fs.mkdirs(crawlDb);
    assertNull(CrawlDb.readable(fs, crawlDb));
    assertUserException(() -> CrawlDb.currentForReading(conf, crawlDb), "is not a crawldb (it has no current/ directory)");
    Path file = new Path(tmp.getRoot().getPath(), "file");
    fs.create(file).close();
    assertUserException(() -> CrawlDb.currentForReading(conf, file), "is a file, not a crawldb directory");
    assertUserException(() -> CrawlDb.checkWritable(conf, file), "is a file, not a crawldb directory");
  }

  @Test
  public void crawlDbUnderAFileCannotBeCreated() throws Exception {
    Path file = new Path(tmp.getRoot().getPath(), "somefile");
    fs.create(file).close();
    Path under = new Path(file, "crawldb");
    assertUserException(() -> CrawlDb.checkWritable(conf, under), "cannot create crawldb directory " + under);
  }

  @Test
  public void checkWritableCreatesTheDirectoryAndLeavesNoProbe() throws Exception {
    CrawlDb.checkWritable(conf, crawlDb);
    assertTrue(fs.getFileStatus(crawlDb).isDirectory());
    assertEquals(0, fs.listStatus(crawlDb).length);
  }

  @Test
  public void leftoverTemporaryDirectoriesAreRemoved() throws Exception {
    CrawlDb.install(conf, crawlDb, version("v1"));
    Path leftover = version("crashed");
    CrawlDb.removeTempDirs(conf, crawlDb);
    assertFalse(fs.exists(leftover));
    assertEquals("v1", nameOf(CrawlDb.current(crawlDb)));
  }

  // ---- a writer killed at each step of an install: one complete version is always readable ----

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

  interface Action {
    void run() throws Exception;
  }

  static void assertUserException(Action action, String messagePart) {
    try {
      action.run();
      fail("expected a UserException containing: " + messagePart);
    } catch (UserException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(messagePart));
      assertFalse("one line", e.getMessage().contains("\n"));
    } catch (Exception e) {
      throw new AssertionError("expected a UserException, got " + e, e);
    }
  }
}
