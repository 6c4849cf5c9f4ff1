package org.trawler.core.store;

import java.io.IOException;
import java.util.UUID;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;

/**
 * The crawldb's directory layout and its atomic install (DESIGN §3): a job writes a new version
 * into a temporary directory beside {@code current}; only after it succeeded is it installed by
 * rename, {@code current → old, new → current}. Every path goes through its own FileSystem.
 */
public final class CrawlDb {
  private static final Logger LOG = LoggerFactory.getLogger(CrawlDb.class);

  public static final String CURRENT = "current";
  public static final String OLD = "old";
  public static final String LOCK = ".locked";
  private static final String TMP_PREFIX = ".tmp-";

  private CrawlDb() {}

  public static Path current(Path crawlDb) {
    return new Path(crawlDb, CURRENT);
  }

  public static Path old(Path crawlDb) {
    return new Path(crawlDb, OLD);
  }

  public static Path lockFile(Path crawlDb) {
    return new Path(crawlDb, LOCK);
  }

  /** A fresh temporary directory name beside current (same file system, so rename is atomic). */
  public static Path newTempDir(Path crawlDb) {
    return new Path(crawlDb, TMP_PREFIX + UUID.randomUUID());
  }

  /**
   * True when {@code crawlDb} holds an installed version: {@code current}, or {@code old} alone
   * when an install was interrupted between its two renames.
   */
  public static boolean exists(Configuration conf, Path crawlDb) throws IOException {
    return readable(crawlDb.getFileSystem(conf), crawlDb) != null;
  }

  /**
   * The complete version to read: {@code current}, or {@code old} when an install was interrupted
   * between its renames (the next writer restores it under the lock); null when there is none.
   * Readers never rename: only the lock holder may.
   */
  public static Path readable(FileSystem fs, Path crawlDb) throws IOException {
    Path current = current(crawlDb);
    if (fs.exists(current)) {
      return current;
    }
    Path old = old(crawlDb);
    if (fs.exists(old)) {
      LOG.warn("crawldb {} has no current version (an install was interrupted): reading the previous one, {}",
          crawlDb, old);
      return old;
    }
    return null;
  }

  /**
   * The installed version to read, or a {@link UserException} naming the path when there is
   * none (missing directory, a plain file, or a directory that is not a crawldb).
   */
  public static Path currentForReading(Configuration conf, Path crawlDb) throws IOException, UserException {
    FileSystem fs = crawlDb.getFileSystem(conf);
    if (!fs.exists(crawlDb)) {
      throw new UserException("no crawldb at " + crawlDb + ": run inject first");
    }
    if (!fs.getFileStatus(crawlDb).isDirectory()) {
      throw new UserException(crawlDb + " is a file, not a crawldb directory");
    }
    Path version = readable(fs, crawlDb);
    if (version == null) {
      throw new UserException(crawlDb + " is not a crawldb (it has no " + CURRENT + "/ directory)");
    }
    return version;
  }

  /**
   * Checks before a job writes a new version: an existing crawldb path must be a directory that
   * is a crawldb or empty (a job never writes its versions among someone else's files), and its
   * parent must be writable.
   */
  public static void checkWritable(Configuration conf, Path crawlDb) throws IOException, UserException {
    FileSystem fs = crawlDb.getFileSystem(conf);
    if (fs.exists(crawlDb) && !fs.getFileStatus(crawlDb).isDirectory()) {
      throw new UserException(crawlDb + " is a file, not a crawldb directory");
    }
    if (fs.exists(crawlDb) && readable(fs, crawlDb) == null) {
      for (FileStatus st : fs.listStatus(crawlDb)) {
        String name = st.getPath().getName();
        if (!name.equals(LOCK) && !name.startsWith(TMP_PREFIX) && !name.startsWith(".")) {
          throw new UserException(crawlDb + " is not a crawldb (it has no " + CURRENT + "/ but holds " + name
              + "): give a new or empty directory");
        }
      }
    }
    try {
      fs.mkdirs(crawlDb);
    } catch (IOException e) {
      throw new UserException("cannot create crawldb directory " + crawlDb + ": " + e.getMessage());
    }
    if (!fs.exists(crawlDb)) {
      throw new UserException("cannot create crawldb directory " + crawlDb);
    }
    // mkdirs on the local FS may return quietly; a test file proves we can write.
    Path probe = new Path(crawlDb, TMP_PREFIX + "probe-" + UUID.randomUUID());
    try {
      fs.create(probe, false).close();
      fs.delete(probe, false);
    } catch (IOException e) {
      throw new UserException("crawldb directory " + crawlDb + " is not writable: " + e.getMessage());
    }
  }

  /**
   * Installs {@code newVersion} as current. The old current becomes {@code old} (kept when
   * db.preserve.backup is true). Call only while holding the lock.
   */
  public static void install(Configuration conf, Path crawlDb, Path newVersion) throws IOException {
    FileSystem fs = crawlDb.getFileSystem(conf);
    Path current = current(crawlDb);
    Path old = old(crawlDb);
    if (fs.exists(current)) {
      if (fs.exists(old) && !fs.delete(old, true)) {
        throw new IOException("cannot remove previous backup " + old);
      }
      if (!fs.rename(current, old)) {
        throw new IOException("cannot move " + current + " to " + old);
      }
    }
    // A rename onto an existing directory would move the new version inside it (local FS copies).
    if (fs.exists(current) || !fs.rename(newVersion, current)) {
      // Put the previous version back so the crawldb stays readable.
      if (fs.exists(old) && !fs.exists(current)) {
        fs.rename(old, current);
      }
      throw new IOException("cannot install " + newVersion + " as " + current);
    }
    if (!conf.getBoolean(StoreKeys.PRESERVE_BACKUP, StoreKeys.DEFAULT_PRESERVE_BACKUP) && fs.exists(old)) {
      fs.delete(old, true);
    }
  }

  /**
   * Completes the recovery of an install interrupted between its two renames: with no
   * {@code current} but an {@code old}, the old version is the last complete one. Call only
   * while holding the lock (a reader renaming could race a writer's install).
   */
  public static void recover(FileSystem fs, Path crawlDb) throws IOException {
    Path current = current(crawlDb);
    Path old = old(crawlDb);
    if (!fs.exists(current) && fs.exists(old)) {
      LOG.warn("crawldb {} has no current version: restoring the previous one from {}", crawlDb, old);
      fs.rename(old, current);
    }
  }

  /** Removes temporary directories that crashed jobs left behind. Call while holding the lock. */
  public static void removeTempDirs(Configuration conf, Path crawlDb) throws IOException {
    FileSystem fs = crawlDb.getFileSystem(conf);
    if (!fs.exists(crawlDb)) {
      return;
    }
    for (FileStatus st : fs.listStatus(crawlDb)) {
      if (st.getPath().getName().startsWith(TMP_PREFIX)) {
        LOG.info("removing leftover temporary directory {}", st.getPath());
        fs.delete(st.getPath(), true);
      }
    }
  }
}
