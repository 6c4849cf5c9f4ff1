package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.trawler.core.store.VersionedDbTest.assertUserException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;

public class DbLockTest {
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

  @Test
  public void lockIsAFileThatCloseRemoves() throws Exception {
    try (DbLock lock = DbLock.acquire(conf, crawlDb, "crawldb", false)) {
      assertEquals(lockFile, lock.path());
      assertTrue(fs.exists(lockFile));
    }
    assertFalse(fs.exists(lockFile));
    DbLock.acquire(conf, crawlDb, "crawldb", false).close();
  }

  @Test
  public void secondAcquireFailsNamingTheLockFile() throws Exception {
    try (DbLock lock = DbLock.acquire(conf, crawlDb, "crawldb", false)) {
      assertUserException(
          () -> DbLock.acquire(conf, crawlDb, "crawldb", false),
          "crawldb is locked by another job since ");
      assertUserException(
          () -> DbLock.acquire(conf, crawlDb, "crawldb", false), lockFile.toString());
      assertUserException(() -> DbLock.acquire(conf, crawlDb, "crawldb", false), "-force");
      assertTrue("the holder keeps its lock", fs.exists(lockFile));
    }
  }

  @Test
  public void theRefusalNamesTheDbItLocks() throws Exception {
    Path linkDb = new Path(tmp.getRoot().getPath(), "linkdb");
    try (DbLock lock = DbLock.acquire(conf, linkDb, "linkdb", false)) {
      assertUserException(
          () -> DbLock.acquire(conf, linkDb, "linkdb", false),
          "linkdb is locked by another job since ");
      assertUserException(
          () -> DbLock.acquire(conf, linkDb, "linkdb", false),
          VersionedDb.lockFile(linkDb).toString());
    }
  }

  @Test
  public void forceBreaksAHeldLock() throws Exception {
    DbLock.acquire(conf, crawlDb, "crawldb", false); // a job that died holding it
    try (DbLock lock = DbLock.acquire(conf, crawlDb, "crawldb", true)) {
      assertTrue(fs.exists(lockFile));
    }
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void staleLockIsBrokenAfterTheConfiguredSeconds() throws Exception {
    DbLock.acquire(conf, crawlDb, "crawldb", false);
    conf.setLong(StoreKeys.LOCK_STALE_AFTER, 3600);
    assertUserException(() -> DbLock.acquire(conf, crawlDb, "crawldb", false), "locked");
    fs.setTimes(lockFile, System.currentTimeMillis() - 7200_000L, -1);
    DbLock.acquire(conf, crawlDb, "crawldb", false).close();
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void oldLockIsNotStaleWhenStaleAfterIsZero() throws Exception {
    DbLock.acquire(conf, crawlDb, "crawldb", false);
    fs.setTimes(lockFile, System.currentTimeMillis() - 365L * 86400_000L, -1);
    assertUserException(() -> DbLock.acquire(conf, crawlDb, "crawldb", false), "locked");
  }

  @Test
  public void closingABrokenLockDoesNotRemoveTheNewHoldersLock() throws Exception {
    DbLock first = DbLock.acquire(conf, crawlDb, "crawldb", false);
    try (DbLock second = DbLock.acquire(conf, crawlDb, "crawldb", true)) {
      first.close();
      assertTrue("the second holder still holds the crawldb", fs.exists(lockFile));
      assertUserException(() -> DbLock.acquire(conf, crawlDb, "crawldb", false), "locked");
    }
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void racingWritersGetTheLockExactlyOnce() throws Exception {
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < 20; round++) {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<DbLock>> results = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
          results.add(
              pool.submit(
                  () -> {
                    start.await(10, TimeUnit.SECONDS);
                    try {
                      return DbLock.acquire(conf, crawlDb, "crawldb", false);
                    } catch (UserException e) {
                      return null;
                    }
                  }));
        }
        List<DbLock> winners = new ArrayList<>();
        for (Future<DbLock> f : results) {
          DbLock lock = f.get(30, TimeUnit.SECONDS);
          if (lock != null) {
            winners.add(lock);
          }
        }
        assertEquals("round " + round, 1, winners.size());
        winners.get(0).close();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
