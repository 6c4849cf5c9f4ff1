package org.trawler.core.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparable;
import org.trawler.core.UserException;

/**
 * Reads the records of a job's output directory directly (no job): its {@code part-*}
 * SequenceFiles, or the data file of each {@code part-*} MapFile directory, in part order.
 */
public final class PartFiles {

  /** Receives one record; key and value objects are reused between calls. */
  public interface RecordConsumer<K, V> {
    void accept(K key, V value) throws IOException;
  }

  private PartFiles() {}

  /** The data files under {@code dir}, sorted by part name; empty if the directory has none. */
  public static List<Path> list(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    List<Path> files = new ArrayList<>();
    if (!fs.exists(dir)) {
      return files;
    }
    for (FileStatus st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      if (!name.startsWith("part-")) {
        continue;
      }
      if (st.isDirectory()) {
        Path data = new Path(st.getPath(), MapFile.DATA_FILE_NAME);
        if (fs.exists(data)) {
          files.add(data);
        }
      } else {
        files.add(st.getPath());
      }
    }
    Collections.sort(files);
    return files;
  }

  /**
   * Feeds every record under {@code dir} to {@code consumer}; returns the record count. A file that
   * cannot be read (truncated, corrupt, wrong type) becomes a {@link UserException} naming it.
   */
  public static <K extends Writable, V extends Writable> long read(
      Configuration conf, Path dir, K key, V value, RecordConsumer<K, V> consumer)
      throws IOException, UserException {
    long count = 0;
    for (Path file : list(conf, dir)) {
      count += readFile(conf, file, key, value, consumer);
    }
    return count;
  }

  /** Counts the records under {@code dir} without keeping them. */
  public static long count(Configuration conf, Path dir, Writable key, Writable value)
      throws IOException, UserException {
    return read(conf, dir, key, value, (k, v) -> {});
  }

  /**
   * Counts the records under {@code dir}, reading only their keys (values are skipped, not
   * decoded).
   */
  public static long countKeys(Configuration conf, Path dir, Writable key)
      throws IOException, UserException {
    long count = 0;
    for (Path file : list(conf, dir)) {
      try (SequenceFile.Reader r = open(conf, file)) {
        while (true) {
          try {
            if (!r.next(key)) {
              break;
            }
          } catch (IOException | RuntimeException e) {
            throw corrupt(file, e);
          }
          count++;
        }
      }
    }
    return count;
  }

  /**
   * Looks {@code key} up in the {@code part-*} MapFiles under {@code dir}; fills {@code value} and
   * returns true when found. Every part is asked, so it works whatever partitioner wrote them.
   */
  public static <K extends WritableComparable<?>, V extends Writable> boolean lookup(
      Configuration conf, Path dir, K key, V value) throws IOException, UserException {
    for (Path data : list(conf, dir)) {
      if (!data.getName().equals(MapFile.DATA_FILE_NAME)) {
        throw new UserException(
            PathNames.forUser(data) + " is not part of a MapFile: cannot look keys up in " + dir);
      }
      Path mapFile = data.getParent();
      MapFile.Reader reader;
      try {
        reader = new MapFile.Reader(mapFile, conf);
      } catch (IOException | RuntimeException e) {
        throw corrupt(mapFile, e);
      }
      try (MapFile.Reader r = reader) {
        if (r.get(key, value) != null) {
          return true;
        }
      } catch (IOException | RuntimeException e) {
        throw corrupt(mapFile, e);
      }
    }
    return false;
  }

  /** Feeds every record of one data file to {@code consumer}; returns the record count. */
  public static <K extends Writable, V extends Writable> long readFile(
      Configuration conf, Path file, K key, V value, RecordConsumer<K, V> consumer)
      throws IOException, UserException {
    long count = 0;
    try (SequenceFile.Reader r = open(conf, file)) {
      while (true) {
        boolean more;
        try {
          more = r.next(key, value);
        } catch (IOException | RuntimeException e) {
          throw corrupt(file, e);
        }
        if (!more) {
          break;
        }
        consumer.accept(key, value);
        count++;
      }
    }
    return count;
  }

  /** Opens one data file; an unreadable one becomes a {@link UserException} naming it. */
  public static SequenceFile.Reader open(Configuration conf, Path file) throws UserException {
    try {
      return new SequenceFile.Reader(conf, SequenceFile.Reader.file(file));
    } catch (IOException | RuntimeException e) {
      throw corrupt(file, e);
    }
  }

  /** The one-line failure for a file that cannot be read: its name, and the reason on one line. */
  public static UserException corrupt(Path file, Exception e) {
    String why =
        e.getMessage() != null
            ? e.getMessage().replaceAll("\\s*\\R\\s*", " ")
            : e.getClass().getSimpleName();
    return new UserException(
        "cannot read " + PathNames.forUser(file) + " (truncated or corrupt?): " + why, e);
  }
}
