package org.trawler.core.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;

/**
 * One writer's change of a {@link VersionedDb}: the only way a db gets a new version.
 *
 * <pre>
 * try (DbTransaction tx = DbTransaction.begin(conf, linkDb, "linkdb", force)) {
 *   ... a job writes tx.newVersion() (and may use tx.scratch("name") between jobs) ...
 *   runJob(job);
 *   tx.commit();
 * }
 * </pre>
 *
 * {@link #begin} checks the db can be written, takes its lock, completes an install that a crash
 * interrupted and removes the temporary directories of crashed writers. {@link #commit} installs
 * the new version by two renames, {@code current → old, new → current}, so a reader always finds
 * one complete version. {@link #close} removes this writer's temporary directories and releases the
 * lock, whether or not it committed: a failure before commit leaves {@code current} as it was.
 */
public final class DbTransaction implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DbTransaction.class);

  private final Configuration conf;
  private final FileSystem fs;
  private final Path db;
  private final DbLock lock;
  private final List<Path> tempDirs = new ArrayList<>();
  private final Map<String, Path> scratch = new LinkedHashMap<>();
  private Path newVersion;
  private boolean committed;

  private DbTransaction(Configuration conf, FileSystem fs, Path db, DbLock lock) {
    this.conf = conf;
    this.fs = fs;
    this.db = db;
    this.lock = lock;
  }

  /**
   * Starts a change of {@code db}, called {@code what} in messages ("crawldb", "linkdb"). Fails at
   * once, naming the lock file, when another writer holds the lock; {@code force} breaks it.
   */
  public static DbTransaction begin(Configuration conf, Path db, String what, boolean force)
      throws IOException, UserException {
    VersionedDb.checkWritable(conf, db, what);
    DbLock lock = DbLock.acquire(conf, db, what, force);
    try {
      FileSystem fs = db.getFileSystem(conf);
      recover(fs, db);
      removeTempDirs(fs, db);
      return new DbTransaction(conf, fs, db, lock);
    } catch (IOException | RuntimeException e) {
      try {
        lock.close();
      } catch (IOException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  public Path db() {
    return db;
  }

  /** Where the job writes the new version (not created yet: a job's output must not exist). */
  public Path newVersion() {
    if (newVersion == null) {
      newVersion = VersionedDb.newTempDir(db);
      tempDirs.add(newVersion);
    }
    return newVersion;
  }

  /**
   * A temporary directory named {@code name} that one job writes and the next reads, removed by
   * {@link #close}. It lies inside a hidden temporary directory of the db (which a crashed writer's
   * successor removes) but is itself visible, since a job's input listing skips names starting with
   * "." or "_". Not created yet, like {@link #newVersion}.
   */
  public Path scratch(String name) {
    return scratch.computeIfAbsent(
        name,
        n -> {
          Path dir = VersionedDb.newTempDir(db);
          tempDirs.add(dir);
          return new Path(dir, n);
        });
  }

  /**
   * Installs the new version as current. The previous current becomes {@code old} (kept when
   * db.preserve.backup is true, the default); only the last backup is kept.
   */
  public void commit() throws IOException {
    checkUncommitted();
    install(newVersion);
    committed = true;
  }

  /**
   * Installs the new version inside the current one as {@code current/<name>}, by one rename: an
   * addition (a linkdb generation) that readers of current see whole or not at all; then removes
   * the entries {@code replaced} of current that the addition holds the data of. A crash between
   * the two leaves both: only for data that reads the same when read twice. Needs a current
   * version; the backup {@code old} is left as it is.
   */
  public void commitInto(String name, List<String> replaced) throws IOException {
    checkUncommitted();
    Path current = VersionedDb.current(db);
    Path target = new Path(current, name);
    DurableFiles durable = DurableFiles.of(conf);
    durable.syncTree(fs, newVersion);
    lock.checkHeld();
    if (!fs.exists(current)) {
      throw new IOException("no current version of " + db + " to add " + name + " to");
    }
    // A rename onto an existing directory would move the new version inside it.
    if (fs.exists(target) || !fs.rename(newVersion, target)) {
      throw new IOException("cannot install " + newVersion + " as " + target);
    }
    committed = true;
    // durable before anything it replaces is removed
    durable.syncDirectory(fs, current);
    if (replaced.isEmpty()) {
      return;
    }
    for (String entry : replaced) {
      Path path = new Path(current, entry);
      if (!fs.delete(path, true) && fs.exists(path)) {
        throw new IOException("cannot remove " + path + " (now part of " + target + ")");
      }
    }
    durable.syncDirectory(fs, current);
  }

  private void checkUncommitted() {
    if (committed) {
      throw new IllegalStateException("the new version of " + db + " was installed already");
    }
    if (newVersion == null) {
      throw new IllegalStateException("no new version of " + db + " was written");
    }
  }

  private void install(Path version) throws IOException {
    Path current = VersionedDb.current(db);
    Path old = VersionedDb.old(db);
    DurableFiles durable = DurableFiles.of(conf);
    durable.syncTree(fs, version);
    // Nothing is touched before this: a writer whose lock was broken leaves the breaker's version.
    lock.checkHeld();
    if (fs.exists(current)) {
      if (fs.exists(old) && !fs.delete(old, true)) {
        throw new IOException("cannot remove previous backup " + old);
      }
      if (!fs.rename(current, old)) {
        throw new IOException("cannot move " + current + " to " + old);
      }
    }
    // A rename onto an existing directory would move the new version inside it (local FS copies).
    IOException failed = null;
    try {
      if (fs.exists(current) || !fs.rename(version, current)) {
        failed = new IOException("cannot install " + version + " as " + current);
      }
    } catch (IOException e) {
      failed = e;
    }
    if (failed != null) {
      putBack(old, current, failed);
      throw failed;
    }
    durable.syncDirectory(fs, db);
    if (!conf.getBoolean(StoreKeys.PRESERVE_BACKUP, StoreKeys.DEFAULT_PRESERVE_BACKUP)
        && fs.exists(old)) {
      fs.delete(old, true);
    }
  }

  /**
   * Puts the previous version back after a failed install, so the db stays readable as it was; if
   * that fails too, the next writer's {@link #recover} does it.
   */
  private void putBack(Path old, Path current, IOException failed) {
    try {
      if (fs.exists(old) && !fs.exists(current) && !fs.rename(old, current)) {
        failed.addSuppressed(new IOException("cannot move " + old + " back to " + current));
      }
    } catch (IOException e) {
      failed.addSuppressed(e);
    }
  }

  /**
   * Completes an install interrupted between its two renames: with no {@code current} but an {@code
   * old}, the old version is the last complete one. Only under the lock: a reader renaming could
   * race a writer's install.
   */
  private static void recover(FileSystem fs, Path db) throws IOException {
    Path current = VersionedDb.current(db);
    Path old = VersionedDb.old(db);
    if (!fs.exists(current) && fs.exists(old)) {
      LOG.warn("{} has no current version: restoring the previous one from {}", db, old);
      fs.rename(old, current);
    }
  }

  /** Removes the temporary directories that crashed writers left behind; only under the lock. */
  private static void removeTempDirs(FileSystem fs, Path db) throws IOException {
    for (FileStatus st : fs.listStatus(db)) {
      if (st.getPath().getName().startsWith(VersionedDb.TMP_PREFIX)) {
        LOG.info("removing leftover temporary directory {}", st.getPath());
        fs.delete(st.getPath(), true);
      }
    }
  }

  /**
   * Removes this writer's temporary directories and releases the lock (unless another writer broke
   * it).
   */
  @Override
  public void close() throws IOException {
    try {
      for (Path dir : tempDirs) {
        if (fs.exists(dir)) {
          fs.delete(dir, true);
        }
      }
    } finally {
      lock.close();
    }
  }
}
