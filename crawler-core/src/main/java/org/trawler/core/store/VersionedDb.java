package org.trawler.core.store;

import java.io.IOException;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.Inlinks;

/**
 * The layout of a db that is replaced a whole version at a time (the crawldb, the linkdb): {@code
 * current/}, the previous version {@code old/}, the writer lock {@code .locked} and the writers'
 * temporary directories {@code .tmp-*}. Readers find the version to read here; writers change a db
 * only through a {@link DbTransaction}. Every path goes through its own FileSystem.
 */
public final class VersionedDb {
  private static final Logger LOG = LoggerFactory.getLogger(VersionedDb.class);

  public static final String CURRENT = "current";
  public static final String OLD = "old";
  public static final String LOCK = ".locked";

  /** Hidden, so that a job given the db's directory as input never reads a temporary directory. */
  static final String TMP_PREFIX = ".tmp-";

  private VersionedDb() {}

  public static Path current(Path db) {
    return new Path(db, CURRENT);
  }

  public static Path old(Path db) {
    return new Path(db, OLD);
  }

  public static Path lockFile(Path db) {
    return new Path(db, LOCK);
  }

  /** A fresh temporary directory name beside current (same file system, so rename is atomic). */
  public static Path newTempDir(Path db) {
    return new Path(db, TMP_PREFIX + UUID.randomUUID());
  }

  /**
   * True when {@code db} holds an installed version: {@code current}, or {@code old} alone when an
   * install was interrupted between its two renames.
   */
  public static boolean exists(Configuration conf, Path db) throws IOException {
    return readable(db.getFileSystem(conf), db) != null;
  }

  /**
   * The complete version to read: {@code current}, or {@code old} when an install was interrupted
   * between its renames (the next writer restores it under the lock); null when there is none.
   * Readers never rename: only the lock holder may.
   */
  public static Path readable(FileSystem fs, Path db) throws IOException {
    Path current = current(db);
    if (fs.exists(current)) {
      return current;
    }
    Path old = old(db);
    if (fs.exists(old)) {
      LOG.warn(
          "{} has no current version (an install was interrupted): reading the previous one, {}",
          db,
          old);
      return old;
    }
    return null;
  }

  /**
   * A kind of db, for messages and for telling one from another: its name, what makes it, its
   * records.
   */
  public record Kind(String name, String madeBy, Class<?> valueClass) {
    public static final Kind CRAWLDB = new Kind("crawldb", "inject", CrawlDatum.class);
    public static final Kind HOSTDB = new Kind("hostdb", "updatehostdb", HostDatum.class);
    public static final Kind LINKDB = new Kind("linkdb", "invertlinks", Inlinks.class);
  }

  /**
   * The crawldb's installed version to read, or a {@link UserException} naming the path when there
   * is none (missing directory, a plain file, or a directory that is not a crawldb).
   */
  public static Path currentForReading(Configuration conf, Path crawlDb)
      throws IOException, UserException {
    return currentForReading(conf, crawlDb, Kind.CRAWLDB);
  }

  /**
   * The installed version of a db of that kind to read, or a {@link UserException} naming the path
   * when there is none (missing directory, a plain file, a directory that is no such db, or another
   * kind of db: a crawldb given for a hostdb).
   */
  public static Path currentForReading(Configuration conf, Path db, Kind kind)
      throws IOException, UserException {
    FileSystem fs = db.getFileSystem(conf);
    if (!fs.exists(db)) {
      throw new UserException(
          "no " + kind.name() + " at " + db + ": run " + kind.madeBy() + " first");
    }
    if (!fs.getFileStatus(db).isDirectory()) {
      throw new UserException(db + " is a file, not a " + kind.name() + " directory");
    }
    Path version = readable(fs, db);
    if (version == null) {
      throw new UserException(
          db + " is not a " + kind.name() + " (it has no " + CURRENT + "/ directory)");
    }
    String records = recordClass(conf, version);
    if (records != null && !records.equals(kind.valueClass().getName())) {
      throw new UserException(
          db
              + " is not a "
              + kind.name()
              + " (its records are "
              + records.substring(records.lastIndexOf('.') + 1)
              + ", not "
              + kind.valueClass().getSimpleName()
              + ")");
    }
    return version;
  }

  /**
   * The value class named in the header of the version's first part, or null when it has none or
   * cannot be read (an unreadable part is named by the job's own input check).
   */
  private static String recordClass(Configuration conf, Path version) throws IOException {
    List<Path> parts = PartFiles.list(conf, version);
    if (parts.isEmpty()) {
      return null;
    }
    try (SequenceFile.Reader r =
        new SequenceFile.Reader(conf, SequenceFile.Reader.file(parts.get(0)))) {
      return r.getValueClassName();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Checks before a job writes a new version of {@code db}, called {@code what} in messages
   * ("crawldb"): an existing path must be a directory that is such a db or empty (a job never
   * writes its versions among someone else's files), and its parent must be writable.
   */
  public static void checkWritable(Configuration conf, Path db, String what)
      throws IOException, UserException {
    FileSystem fs = db.getFileSystem(conf);
    if (fs.exists(db) && !fs.getFileStatus(db).isDirectory()) {
      throw new UserException(db + " is a file, not " + article(what) + what + " directory");
    }
    if (fs.exists(db) && readable(fs, db) == null) {
      for (FileStatus st : fs.listStatus(db)) {
        String name = st.getPath().getName();
        if (!name.equals(LOCK) && !name.startsWith(TMP_PREFIX) && !name.startsWith(".")) {
          throw new UserException(
              db
                  + " is not "
                  + article(what)
                  + what
                  + " (it has no "
                  + CURRENT
                  + "/ but holds "
                  + name
                  + "): give a new or empty directory");
        }
      }
    }
    try {
      fs.mkdirs(db);
    } catch (IOException e) {
      throw new UserException("cannot create " + what + " directory " + db + ": " + e.getMessage());
    }
    if (!fs.exists(db)) {
      throw new UserException("cannot create " + what + " directory " + db);
    }
    // mkdirs on the local FS may return quietly; a test file proves we can write.
    Path probe = new Path(db, TMP_PREFIX + "probe-" + UUID.randomUUID());
    try {
      fs.create(probe, false).close();
    } catch (IOException e) {
      throw new UserException(what + " directory " + db + " is not writable: " + e.getMessage());
    } finally {
      fs.delete(probe, false);
    }
  }

  /** "a " or "an ": an index, a crawldb. */
  private static String article(String noun) {
    return "aeiou".indexOf(Character.toLowerCase(noun.charAt(0))) >= 0 ? "an " : "a ";
  }
}
