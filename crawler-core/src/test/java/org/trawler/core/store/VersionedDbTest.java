package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;

/**
 * The layout readers see and the checks before a write; writing itself is {@link
 * DbTransactionTest}'s.
 */
public class VersionedDbTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path crawlDb;

  @Before
  public void setUp() throws IOException {
    conf = new Configuration();
    crawlDb = new Path(tmp.getRoot().getPath(), "crawldb");
    fs = crawlDb.getFileSystem(conf);
  }

  @Test
  public void currentIsReadWhenPresentAndOldOnlyWithoutIt() throws Exception {
    assertFalse(VersionedDb.exists(conf, crawlDb));
    fs.mkdirs(VersionedDb.old(crawlDb));
    assertTrue(VersionedDb.exists(conf, crawlDb));
    assertEquals(VersionedDb.old(crawlDb), VersionedDb.currentForReading(conf, crawlDb));
    fs.mkdirs(VersionedDb.current(crawlDb));
    assertEquals(VersionedDb.current(crawlDb), VersionedDb.currentForReading(conf, crawlDb));
    assertEquals(VersionedDb.current(crawlDb), VersionedDb.readable(fs, crawlDb));
  }

  @Test
  public void readingAMissingCrawlDbSaysRunInject() {
    assertUserException(
        () -> VersionedDb.currentForReading(conf, crawlDb),
        "no crawldb at " + crawlDb + ": run inject first");
  }

  @Test
  public void readingAFileOrAForeignDirectoryIsRefused() throws Exception {
    fs.mkdirs(crawlDb);
    assertNull(VersionedDb.readable(fs, crawlDb));
    assertUserException(
        () -> VersionedDb.currentForReading(conf, crawlDb),
        "is not a crawldb (it has no current/ directory)");
    Path file = new Path(tmp.getRoot().getPath(), "file");
    fs.create(file).close();
    assertUserException(
        () -> VersionedDb.currentForReading(conf, file), "is a file, not a crawldb directory");
    assertUserException(
        () -> VersionedDb.checkWritable(conf, file, "crawldb"),
        "is a file, not a crawldb directory");
    assertUserException(
        () -> VersionedDb.checkWritable(conf, file, "linkdb"), "is a file, not a linkdb directory");
  }

  @Test
  public void aDirectoryHoldingOtherFilesIsNotWrittenInto() throws Exception {
    fs.create(new Path(crawlDb, "notes.txt")).close();
    assertUserException(
        () -> VersionedDb.checkWritable(conf, crawlDb, "crawldb"),
        crawlDb
            + " is not a crawldb (it has no current/ but holds notes.txt): give a new or empty directory");
  }

  @Test
  public void crawlDbUnderAFileCannotBeCreated() throws Exception {
    Path file = new Path(tmp.getRoot().getPath(), "somefile");
    fs.create(file).close();
    Path under = new Path(file, "crawldb");
    assertUserException(
        () -> VersionedDb.checkWritable(conf, under, "crawldb"),
        "cannot create crawldb directory " + under);
  }

  @Test
  public void checkWritableCreatesTheDirectoryAndLeavesNoProbe() throws Exception {
    VersionedDb.checkWritable(conf, crawlDb, "crawldb");
    assertTrue(fs.getFileStatus(crawlDb).isDirectory());
    assertEquals(0, fs.listStatus(crawlDb).length);
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
