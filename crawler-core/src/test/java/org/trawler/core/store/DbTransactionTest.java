package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.trawler.core.store.VersionedDbTest.assertUserException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class DbTransactionTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path crawlDb;
  private Path lockFile;

  @Before
  public void setUp() throws IOException {
    conf = new Configuration();
    crawlDb = new Path(tmp.getRoot().getPath(), "crawldb");
    fs = crawlDb.getFileSystem(conf);
    lockFile = VersionedDb.lockFile(crawlDb);
  }

  private DbTransaction begin() throws Exception {
    return DbTransaction.begin(conf, crawlDb, "crawldb", false);
  }

  /** What a job does: writes a part file, here one that names the version. */
  private void write(Path dir, String name) throws IOException {
    try (var out = fs.create(new Path(dir, "part-r-00000"))) {
      out.write(name.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** A whole writer: a transaction whose job writes version {@code name}, committed. */
  private void commitVersion(String name) throws Exception {
    try (DbTransaction tx = begin()) {
      write(tx.newVersion(), name);
      tx.commit();
    }
  }

  /** A temporary directory as a crashed writer leaves it. */
  private Path leftover(String name) throws IOException {
    Path dir = VersionedDb.newTempDir(crawlDb);
    write(dir, name);
    return dir;
  }

  private String nameOf(Path versionDir) throws IOException {
    return new String(
        Files.readAllBytes(java.nio.file.Paths.get(versionDir.toUri().getPath(), "part-r-00000")),
        StandardCharsets.UTF_8);
  }

  /** Every file under {@code dir} (incl. checksums), by relative path, with its bytes. */
  private Map<String, String> bytesUnder(Path dir) throws IOException {
    java.nio.file.Path root = java.nio.file.Paths.get(dir.toUri().getPath());
    Map<String, String> files = new TreeMap<>();
    try (Stream<java.nio.file.Path> walk = Files.walk(root)) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) walk::iterator) {
        if (Files.isRegularFile(f)) {
          files.put(
              root.relativize(f).toString(),
              new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
        }
      }
    }
    return files;
  }

  private List<String> tempDirs() throws IOException {
    List<String> names = new ArrayList<>();
    for (FileStatus st : fs.listStatus(crawlDb)) {
      if (st.getPath().getName().startsWith(".tmp-")) {
        names.add(st.getPath().getName());
      }
    }
    return names;
  }

  // ---- commit ----

  @Test
  public void firstCommitBecomesCurrentWithoutBackup() throws Exception {
    Path v1;
    try (DbTransaction tx = begin()) {
      v1 = tx.newVersion();
      write(v1, "v1");
      tx.commit();
    }
    assertEquals("v1", nameOf(VersionedDb.current(crawlDb)));
    assertFalse(fs.exists(VersionedDb.old(crawlDb)));
    assertFalse("the temporary directory was renamed", fs.exists(v1));
    assertTrue(VersionedDb.exists(conf, crawlDb));
    assertFalse("lock released", fs.exists(lockFile));
  }

  @Test
  public void commitKeepsThePreviousVersionAsOld() throws Exception {
    commitVersion("v1");
    commitVersion("v2");
    assertEquals("v2", nameOf(VersionedDb.current(crawlDb)));
    assertEquals("v1", nameOf(VersionedDb.old(crawlDb)));
    commitVersion("v3");
    assertEquals("v3", nameOf(VersionedDb.current(crawlDb)));
    assertEquals("only the last backup is kept", "v2", nameOf(VersionedDb.old(crawlDb)));
    assertEquals(List.of(), tempDirs());
  }

  @Test
  public void commitIntoAddsTheNewVersionInsideCurrentAndKeepsTheBackup() throws Exception {
    commitVersion("v1");
    commitVersion("v2");
    Path added;
    try (DbTransaction tx = begin()) {
      added = tx.newVersion();
      write(added, "g1");
      tx.commitInto("gen-1", List.of());
    }
    Path current = VersionedDb.current(crawlDb);
    assertEquals("v2", nameOf(current));
    assertEquals("g1", nameOf(new Path(current, "gen-1")));
    assertEquals("v1", nameOf(VersionedDb.old(crawlDb)));
    assertFalse("the temporary directory was renamed", fs.exists(added));
    assertEquals(List.of(), tempDirs());
    assertFalse("lock released", fs.exists(lockFile));
  }

  @Test
  public void commitIntoRemovesTheEntriesTheAdditionReplaces() throws Exception {
    commitVersion("v1");
    for (String name : List.of("gen-1", "gen-2")) {
      try (DbTransaction tx = begin()) {
        write(tx.newVersion(), name);
        tx.commitInto(name, List.of());
      }
    }
    try (DbTransaction tx = begin()) {
      write(tx.newVersion(), "gen-1 and gen-2");
      tx.commitInto("gen-3", List.of("gen-1", "gen-2"));
    }
    Path current = VersionedDb.current(crawlDb);
    assertFalse(fs.exists(new Path(current, "gen-1")));
    assertFalse(fs.exists(new Path(current, "gen-2")));
    assertEquals("gen-1 and gen-2", nameOf(new Path(current, "gen-3")));
    assertEquals("v1", nameOf(current));
  }

  @Test
  public void commitIntoNeedsACurrentVersionAndAFreeName() throws Exception {
    try (DbTransaction tx = begin()) {
      write(tx.newVersion(), "g1");
      assertThrows(IOException.class, () -> tx.commitInto("gen-1", List.of()));
    }
    commitVersion("v1");
    try (DbTransaction tx = begin()) {
      write(tx.newVersion(), "g1");
      tx.commitInto("gen-1", List.of());
    }
    try (DbTransaction tx = begin()) {
      write(tx.newVersion(), "g2");
      assertThrows(IOException.class, () -> tx.commitInto("gen-1", List.of()));
    }
    assertEquals("g1", nameOf(new Path(VersionedDb.current(crawlDb), "gen-1")));
    assertEquals(List.of(), tempDirs());
  }

  @Test
  public void noBackupWhenPreserveBackupIsFalse() throws Exception {
    conf.setBoolean(StoreKeys.PRESERVE_BACKUP, false);
    commitVersion("v1");
    commitVersion("v2");
    assertEquals("v2", nameOf(VersionedDb.current(crawlDb)));
    assertFalse(fs.exists(VersionedDb.old(crawlDb)));
  }

  @Test
  public void aVersionIsCommittedOnce() throws Exception {
    try (DbTransaction tx = begin()) {
      try {
        tx.commit();
        fail("nothing was written");
      } catch (IllegalStateException expected) {
        // a writer bug, not a user's error
      }
      write(tx.newVersion(), "v1");
      tx.commit();
      try {
        tx.commit();
        fail("committed twice");
      } catch (IllegalStateException expected) {
        // a writer bug, not a user's error
      }
    }
    assertEquals("v1", nameOf(VersionedDb.current(crawlDb)));
    assertFalse(fs.exists(VersionedDb.old(crawlDb)));
  }

  // ---- failure and cleanup ----

  @Test
  public void failureBeforeCommitLeavesCurrentByteForByteAndRemovesTheTemporaryDirectories()
      throws Exception {
    commitVersion("v1");
    commitVersion("v2");
    Map<String, String> current = bytesUnder(VersionedDb.current(crawlDb));
    Map<String, String> old = bytesUnder(VersionedDb.old(crawlDb));
    Path newVersion = null;
    Path scratch = null;
    try (DbTransaction tx = begin()) {
      scratch = tx.scratch("marks");
      write(scratch, "between two jobs");
      newVersion = tx.newVersion();
      write(newVersion, "v3, half written");
      throw new IOException("the job failed");
    } catch (IOException e) {
      assertEquals("the job failed", e.getMessage());
    }
    assertEquals(current, bytesUnder(VersionedDb.current(crawlDb)));
    assertEquals(old, bytesUnder(VersionedDb.old(crawlDb)));
    assertFalse(fs.exists(newVersion));
    assertFalse(fs.exists(scratch.getParent()));
    assertEquals(List.of(), tempDirs());
    assertFalse("lock released", fs.exists(lockFile));
  }

  @Test
  public void scratchIsAJobInputInsideAHiddenTemporaryDirectory() throws Exception {
    try (DbTransaction tx = begin()) {
      Path marks = tx.scratch("marks");
      assertEquals("one directory per name", marks, tx.scratch("marks"));
      assertNotEquals(tx.scratch("seeds").getParent(), marks.getParent());
      assertEquals("marks", marks.getName());
      assertTrue(marks.getParent().getName().startsWith(".tmp-"));
      assertEquals(crawlDb, marks.getParent().getParent());
      assertFalse("a job's output must not exist yet", fs.exists(marks));
      write(marks, "one mark");

      Job job = Job.getInstance(conf);
      FileInputFormat.addInputPath(job, marks);
      assertEquals(
          "the scratch directory can be a job's input",
          1,
          new TextInputFormat().getSplits(job).size());
    }
  }

  @Test
  public void leftoverTemporaryDirectoriesAreRemovedOnBegin() throws Exception {
    commitVersion("v1");
    Path crashed = leftover("crashed");
    try (DbTransaction tx = begin()) {
      assertFalse(fs.exists(crashed));
    }
    assertEquals("v1", nameOf(VersionedDb.current(crawlDb)));
  }

  // ---- the lock ----

  @Test
  public void aSecondWriterFailsAtOnceNamingTheLockFile() throws Exception {
    commitVersion("v1");
    try (DbTransaction first = begin()) {
      write(first.newVersion(), "v2");
      assertUserException(this::begin, "crawldb is locked by another job since ");
      assertUserException(this::begin, lockFile.toString());
      assertUserException(this::begin, "-force");
      assertTrue("the first keeps its new version", fs.exists(first.newVersion()));
      first.commit();
    }
    assertEquals("v2", nameOf(VersionedDb.current(crawlDb)));
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void theLinkDbIsLockedAsTheLinkDb() throws Exception {
    Path linkDb = new Path(tmp.getRoot().getPath(), "linkdb");
    try (DbTransaction tx = DbTransaction.begin(conf, linkDb, "linkdb", false)) {
      assertUserException(
          () -> DbTransaction.begin(conf, linkDb, "linkdb", false),
          "linkdb is locked by another job since ");
      assertTrue(fs.exists(VersionedDb.lockFile(linkDb)));
      assertFalse("the crawldb is another db", fs.exists(lockFile));
    }
    Path file = new Path(tmp.getRoot().getPath(), "file");
    fs.create(file).close();
    assertUserException(
        () -> DbTransaction.begin(conf, file, "linkdb", false),
        "is a file, not a linkdb directory");
  }

  @Test
  public void forceBreaksTheLockOfAWriterThatDied() throws Exception {
    commitVersion("v1");
    DbLock.acquire(conf, crawlDb, "crawldb", false); // a job that died holding it
    assertUserException(this::begin, "locked");
    try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", true)) {
      write(tx.newVersion(), "v2");
      tx.commit();
    }
    assertEquals("v2", nameOf(VersionedDb.current(crawlDb)));
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void aStaleLockIsBrokenAfterTheConfiguredSeconds() throws Exception {
    DbLock.acquire(conf, crawlDb, "crawldb", false);
    conf.setLong(StoreKeys.LOCK_STALE_AFTER, 3600);
    assertUserException(this::begin, "locked");
    fs.setTimes(lockFile, System.currentTimeMillis() - 7200_000L, -1);
    begin().close();
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void closeNeverRemovesALockAnotherWriterNowHolds() throws Exception {
    commitVersion("v1");
    DbTransaction first = begin();
    write(first.newVersion(), "v2 of a writer thought dead");
    try (DbTransaction second = DbTransaction.begin(conf, crawlDb, "crawldb", true)) {
      write(second.newVersion(), "v3");
      first.close();
      assertTrue("the second writer still holds the crawldb", fs.exists(lockFile));
      assertUserException(this::begin, "locked");
      assertTrue("and keeps its new version", fs.exists(second.newVersion()));
      second.commit();
    }
    assertEquals("v3", nameOf(VersionedDb.current(crawlDb)));
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void aWriterWhoseLiveLockWasForcedInstallsNothing() throws Exception {
    commitVersion("v1");
    DbTransaction first = begin();
    write(first.newVersion(), "v2 of a writer that is still alive");
    try (DbTransaction second = DbTransaction.begin(conf, crawlDb, "crawldb", true)) {
      write(second.newVersion(), "v3");
      second.commit();
    }
    try {
      first.commit();
      fail("a writer whose lock was broken must not install");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith("crawldb lock " + lockFile));
      assertTrue(e.getMessage(), e.getMessage().endsWith("its result is not installed"));
    } finally {
      first.close();
    }
    assertEquals("v3", nameOf(VersionedDb.current(crawlDb)));
    assertEquals("v1", nameOf(VersionedDb.old(crawlDb)));
  }

  @Test
  public void aWriterChecksItsLockWhileAnotherHoldsIt() throws Exception {
    commitVersion("v1");
    DbTransaction first = begin();
    write(first.newVersion(), "v2");
    try (DbTransaction second = DbTransaction.begin(conf, crawlDb, "crawldb", true)) {
      try {
        first.commit();
        fail("the breaker holds the lock now");
      } catch (IOException e) {
        assertTrue(e.getMessage(), e.getMessage().contains("was broken and is now held by"));
      }
      first.close();
      write(second.newVersion(), "v3");
      second.commit();
    }
    assertEquals("v3", nameOf(VersionedDb.current(crawlDb)));
    assertFalse(fs.exists(lockFile));
  }

  // ---- a writer killed at each step of an install: one complete version is always readable ----

  /**
   * Commits v1 and v2, then replays the first rename of a third install: the state a kill between
   * the renames leaves.
   */
  private Path killedBetweenTheRenames() throws Exception {
    commitVersion("v1");
    commitVersion("v2");
    Path v3 = leftover("v3");
    fs.delete(VersionedDb.old(crawlDb), true);
    assertTrue(fs.rename(VersionedDb.current(crawlDb), VersionedDb.old(crawlDb)));
    return v3;
  }

  @Test
  public void killBetweenTheRenamesLeavesThePreviousVersionReadable() throws Exception {
    killedBetweenTheRenames();

    assertTrue(VersionedDb.exists(conf, crawlDb));
    Path read = VersionedDb.currentForReading(conf, crawlDb);
    assertEquals("v2", nameOf(read));
    assertFalse(
        "a reader does not rename: only the lock holder may",
        fs.exists(VersionedDb.current(crawlDb)));
  }

  @Test
  public void interruptedInstallIsRecoveredUnderTheLock() throws Exception {
    killedBetweenTheRenames();
    assertEquals(VersionedDb.old(crawlDb), VersionedDb.currentForReading(conf, crawlDb));
    try (DbLock lock = DbLock.acquire(conf, crawlDb, "crawldb", false)) {
      assertFalse("taking the lock alone renames nothing", fs.exists(VersionedDb.current(crawlDb)));
    }
    begin().close();
    assertEquals("v2", nameOf(VersionedDb.current(crawlDb)));
    assertEquals(VersionedDb.current(crawlDb), VersionedDb.currentForReading(conf, crawlDb));
  }

  @Test
  public void nextWriterRestoresThePreviousVersionAndRemovesTheOrphan() throws Exception {
    Path orphan = killedBetweenTheRenames();

    try (DbTransaction tx = begin()) {
      assertEquals("v2", nameOf(VersionedDb.current(crawlDb)));
      assertFalse(fs.exists(VersionedDb.old(crawlDb)));
      assertFalse(fs.exists(orphan));
      write(tx.newVersion(), "v4");
      tx.commit();
    }
    assertEquals("v4", nameOf(VersionedDb.current(crawlDb)));
    assertEquals("v2", nameOf(VersionedDb.old(crawlDb)));
  }

  @Test
  public void killWhileDeletingTheOldBackupLeavesCurrentIntact() throws Exception {
    commitVersion("v1");
    commitVersion("v2");
    fs.delete(new Path(VersionedDb.old(crawlDb), "part-r-00000"), false); // half-deleted backup

    assertEquals(VersionedDb.current(crawlDb), VersionedDb.currentForReading(conf, crawlDb));
    commitVersion("v3");
    assertEquals("v3", nameOf(VersionedDb.current(crawlDb)));
    assertEquals("v2", nameOf(VersionedDb.old(crawlDb)));
  }

  @Test
  public void killBeforeInstallLeavesCurrentAndAnOrphanTheNextWriterRemoves() throws Exception {
    commitVersion("v1");
    Path orphan = leftover("v2, never installed");
    DbLock.acquire(conf, crawlDb, "crawldb", false); // the killed writer's lock

    assertEquals("v1", nameOf(VersionedDb.currentForReading(conf, crawlDb)));
    DbTransaction.begin(conf, crawlDb, "crawldb", true).close();
    assertFalse(fs.exists(orphan));
    assertEquals("v1", nameOf(VersionedDb.current(crawlDb)));
  }
}
