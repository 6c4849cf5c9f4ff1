package org.trawler.core.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;

/**
 * The writer lock of a {@link VersionedDb}: a file created atomically (create-exclusive). A second
 * writer fails at once, naming the lock file. Writers take it through {@link DbTransaction}.
 */
public final class DbLock implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DbLock.class);

  private final FileSystem fs;
  private final Path lockFile;

  /** What this holder wrote into the lock file: close() removes only a lock that still says so. */
  private final String owner;

  /** The db's name in messages: "crawldb", "linkdb". */
  private final String what;

  private DbLock(FileSystem fs, Path lockFile, String owner, String what) {
    this.fs = fs;
    this.lockFile = lockFile;
    this.owner = owner;
    this.what = what;
  }

  /**
   * Takes the lock of {@code db}, called {@code what} in messages ("crawldb is locked by another
   * job ..."). With {@code force}, or when the lock is older than db.lock.stale.after seconds (if
   * set), an existing lock is broken first.
   */
  public static DbLock acquire(Configuration conf, Path db, String what, boolean force)
      throws IOException, UserException {
    FileSystem fs = db.getFileSystem(conf);
    Path lockFile = VersionedDb.lockFile(db);
    fs.mkdirs(db);
    if (fs.exists(lockFile) && (force || isStale(conf, fs, lockFile))) {
      LOG.warn("breaking {} lock {} ({})", what, lockFile, force ? "-force" : "stale");
      fs.delete(lockFile, false);
    }
    String owner = owner();
    if (!createExclusive(fs, lockFile, owner.getBytes(StandardCharsets.UTF_8))) {
      throw held(fs, lockFile, what);
    }
    return new DbLock(fs, lockFile, owner, what);
  }

  /** Creates the file only if it does not exist, atomically; false when it exists. */
  private static boolean createExclusive(FileSystem fs, Path file, byte[] content)
      throws IOException {
    if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem) {
      // Hadoop's local create(overwrite=false) checks, then creates: two writers can both win.
      java.nio.file.Path local = java.nio.file.Paths.get(fs.makeQualified(file).toUri());
      try {
        Files.write(local, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    try (OutputStream out = fs.create(file, false)) {
      out.write(content);
      return true;
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      return false;
    } catch (IOException e) {
      String written = fs.exists(file) ? readOrNull(fs, file) : null;
      if (written == null) {
        throw e;
      }
      // A create that failed half-way (disk full) leaves an empty file: ours, not another holder's.
      if (written.isEmpty()) {
        fs.delete(file, false);
        throw e;
      }
      return false;
    }
  }

  private static UserException held(FileSystem fs, Path lockFile, String what) {
    String since = "";
    try {
      since = " since " + Instant.ofEpochMilli(fs.getFileStatus(lockFile).getModificationTime());
    } catch (IOException ignored) {
      // the holder may have released it meanwhile
    }
    return new UserException(
        what
            + " is locked by another job"
            + since
            + ": "
            + PathNames.forUser(lockFile)
            + " (if no job is running, rerun with -force or delete the file, or set "
            + StoreKeys.LOCK_STALE_AFTER
            + " to break stale locks)");
  }

  private static boolean isStale(Configuration conf, FileSystem fs, Path lockFile)
      throws IOException {
    long staleAfter =
        Settings.getLong(conf, StoreKeys.LOCK_STALE_AFTER, StoreKeys.DEFAULT_LOCK_STALE_AFTER);
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
    return ManagementFactory.getRuntimeMXBean().getName()
        + " on "
        + host
        + " at "
        + Instant.now()
        + " ("
        + UUID.randomUUID()
        + ")\n";
  }

  public Path path() {
    return lockFile;
  }

  /**
   * Fails unless this holder still owns the lock: a writer calls it right before it installs, so a
   * job whose live lock was broken by {@code -force} does not install over the breaker's version.
   */
  public void checkHeld() throws IOException {
    String current = holder();
    if (!owner.equals(current)) {
      throw new IOException(
          what
              + " lock "
              + PathNames.forUser(lockFile)
              + (current == null
                  ? " was removed"
                  : " was broken and is now held by " + current.trim())
              + " while this job ran: its result is not installed");
    }
  }

  /** What the lock file says now, null when it is gone. */
  private String holder() throws IOException {
    return readOrNull(fs, lockFile);
  }

  private static String readOrNull(FileSystem fs, Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (java.io.FileNotFoundException e) {
      return null;
    }
  }

  /** Releases the lock, unless another job broke it and holds it now. */
  @Override
  public void close() throws IOException {
    String current = holder();
    if (current == null) {
      LOG.warn("{} lock {} was removed by someone else while this job held it", what, lockFile);
      return;
    }
    if (!current.equals(owner)) {
      LOG.warn(
          "{} lock {} was broken and is now held by {}; leaving it",
          what,
          lockFile,
          current.trim());
      return;
    }
    fs.delete(lockFile, false);
  }
}
