package org.trawler.core.store;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;

/**
 * The crawldb writer lock: a file created atomically (create-exclusive) by inject, generate with
 * crawldb update, updatedb and dedup. A second writer fails at once, naming the lock file.
 */
public final class CrawlDbLock implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CrawlDbLock.class);

  private final FileSystem fs;
  private final Path lockFile;

  private CrawlDbLock(FileSystem fs, Path lockFile) {
    this.fs = fs;
    this.lockFile = lockFile;
  }

  /**
   * Takes the lock of {@code crawlDb}. With {@code force}, or when the lock is older than
   * db.lock.stale.after seconds (if set), an existing lock is broken first.
   */
  public static CrawlDbLock acquire(Configuration conf, Path crawlDb, boolean force)
      throws IOException, UserException {
    return acquire(conf, crawlDb, force, "crawldb");
  }

  /** Takes the lock of another db directory with current/old versions (e.g. "linkdb"), named so in messages. */
  public static CrawlDbLock acquire(Configuration conf, Path crawlDb, boolean force, String what)
      throws IOException, UserException {
    FileSystem fs = crawlDb.getFileSystem(conf);
    Path lockFile = CrawlDb.lockFile(crawlDb);
    fs.mkdirs(crawlDb);
    if (fs.exists(lockFile) && (force || isStale(conf, fs, lockFile))) {
      LOG.warn("breaking {} lock {} ({})", what, lockFile, force ? "-force" : "stale");
      fs.delete(lockFile, false);
    }
    try (OutputStream out = fs.create(lockFile, false)) {
      out.write(owner().getBytes(StandardCharsets.UTF_8));
    } catch (FileAlreadyExistsException e) {
      throw held(fs, lockFile, what);
    } catch (IOException e) {
      if (fs.exists(lockFile)) {
        throw held(fs, lockFile, what);
      }
      throw e;
    }
    CrawlDb.recover(fs, crawlDb);
    return new CrawlDbLock(fs, lockFile);
  }

  private static UserException held(FileSystem fs, Path lockFile, String what) throws IOException {
    String since = "";
    try {
      since = " since " + Instant.ofEpochMilli(fs.getFileStatus(lockFile).getModificationTime());
    } catch (IOException ignored) {
      // the holder may have released it meanwhile
    }
    return new UserException(what + " is locked by another job" + since + ": " + lockFile
        + " (if no job is running, rerun with -force or delete the file, or set "
        + StoreKeys.LOCK_STALE_AFTER + " to break stale locks)");
  }

  private static boolean isStale(Configuration conf, FileSystem fs, Path lockFile) throws IOException {
    long staleAfter = conf.getLong(StoreKeys.LOCK_STALE_AFTER, 0);
    if (staleAfter <= 0) {
      return false;
    }
    FileStatus st = fs.getFileStatus(lockFile);
    return System.currentTimeMillis() - st.getModificationTime() > staleAfter * 1000L;
  }

  private static String owner() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      host = "unknown-host";
    }
    return ManagementFactory.getRuntimeMXBean().getName() + " on " + host + " at " + Instant.now() + "\n";
  }

  public Path path() {
    return lockFile;
  }

  /** Releases the lock. */
  @Override
  public void close() throws IOException {
    fs.delete(lockFile, false);
  }
}
