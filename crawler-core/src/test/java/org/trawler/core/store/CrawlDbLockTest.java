package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.trawler.core.store.CrawlDbTest.assertUserException;

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

public class CrawlDbLockTest {
  @Rule
  public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path crawlDb;
  private Path lockFile;

  @Before
  public void setUp() throws IOException {
    conf = new Configuration();
    crawlDb = new Path(tmp.getRoot().getPath(), "crawldb");
    fs = crawlDb.getFileSystem(conf);
    lockFile = CrawlDb.lockFile(crawlDb);
  }

  @Test
  public void lockIsAFileThatCloseRemoves() throws Exception {
    try (CrawlDbLock lock = CrawlDbLock.acquire(conf, crawlDb, false)) {
      assertEquals(lockFile, lock.path());
      assertTrue(fs.exists(lockFile));
    }
    assertFalse(fs.exists(lockFile));
    CrawlDbLock.acquire(conf, crawlDb, false).close();
  }

  @Test
  public void secondAcquireFailsNamingTheLockFile() throws Exception {
    try (CrawlDbLock lock = CrawlDbLock.acquire(conf, crawlDb, false)) {
      assertUserException(() -> CrawlDbLock.acquire(conf, crawlDb, false),
          "crawldb is locked by another job since ");
      assertUserException(() -> CrawlDbLock.acquire(conf, crawlDb, false), lockFile.toString());
      assertUserException(() -> CrawlDbLock.acquire(conf, crawlDb, false), "-force");
      assertTrue("the holder keeps its lock", fs.exists(lockFile));
    }
  }

  @Test
  public void forceBreaksAHeldLock() throws Exception {
    CrawlDbLock.acquire(conf, crawlDb, false); // a job that died holding it
    try (CrawlDbLock lock = CrawlDbLock.acquire(conf, crawlDb, true)) {
      assertTrue(fs.exists(lockFile));
    }
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void staleLockIsBrokenAfterTheConfiguredSeconds() throws Exception {
    CrawlDbLock.acquire(conf, crawlDb, false);
    conf.setLong(StoreKeys.LOCK_STALE_AFTER, 3600);
    assertUserException(() -> CrawlDbLock.acquire(conf, crawlDb, false), "locked");
    fs.setTimes(lockFile, System.currentTimeMillis() - 7200_000L, -1);
    CrawlDbLock.acquire(conf, crawlDb, false).close();
    assertFalse(fs.exists(lockFile));
  }

  @Test
  public void oldLockIsNotStaleWhenStaleAfterIsZero() throws Exception {
    CrawlDbLock.acquire(conf, crawlDb, false);
    fs.setTimes(lockFile, System.currentTimeMillis() - 365L * 86400_000L, -1);
    assertUserException(() -> CrawlDbLock.acquire(conf, crawlDb, false), "locked");
  }

  @Test
  public void closingABrokenLockDoesNotRemoveTheNewHoldersLock() throws Exception {
    CrawlDbLock first = CrawlDbLock.acquire(conf, crawlDb, false);
    try (CrawlDbLock second = CrawlDbLock.acquire(conf, crawlDb, true)) {
      first.close();
      assertTrue("the second holder still holds the crawldb", fs.exists(lockFile));
      assertUserException(() -> CrawlDbLock.acquire(conf, crawlDb, false), "locked");
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
        List<Future<CrawlDbLock>> results = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
          results.add(pool.submit(() -> {
            start.await(10, TimeUnit.SECONDS);
            try {
              return CrawlDbLock.acquire(conf, crawlDb, false);
            } catch (UserException e) {
              return null;
            }
          }));
        }
        List<CrawlDbLock> winners = new ArrayList<>();
        for (Future<CrawlDbLock> f : results) {
          CrawlDbLock lock = f.get(30, TimeUnit.SECONDS);
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
