package org.trawler.core.store;

import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.UserException;

/**
 * Walks one key-sorted SequenceFile of (Text url, record), one record at a time, for a k-way merge:
 * each record is a fresh object, so the caller may keep it after {@link #advance()}.
 */
public final class PartCursor implements Closeable {
  private final String part;
  private final Path file;
  private final SequenceFile.Reader reader;
  private final Class<?> valueClass;
  private final Configuration conf;
  private Text key;
  private Writable value;

  private PartCursor(String part, Path file, SequenceFile.Reader reader, Configuration conf) {
    this.part = part;
    this.file = file;
    this.reader = reader;
    this.valueClass = reader.getValueClass();
    this.conf = conf;
  }

  /** A cursor on its first record, or null when the file is empty. */
  public static PartCursor open(Configuration conf, String part, Path file)
      throws IOException, UserException {
    SequenceFile.Reader reader = PartFiles.open(conf, file);
    if (reader.getKeyClass() != Text.class) {
      reader.close();
      throw new UserException(
          PathNames.forUser(file)
              + " has keys of "
              + reader.getKeyClass().getName()
              + ", not URLs: is it a segment part?");
    }
    PartCursor cursor = new PartCursor(part, file, reader, conf);
    if (!cursor.advance()) {
      cursor.close();
      return null;
    }
    return cursor;
  }

  /** Moves to the next record; false (and nothing current) at the end. */
  public boolean advance() throws UserException {
    Text nextKey = new Text();
    Writable nextValue = (Writable) ReflectionUtils.newInstance(valueClass, conf);
    try {
      if (!reader.next(nextKey, nextValue)) {
        key = null;
        value = null;
        return false;
      }
    } catch (IOException | RuntimeException e) {
      throw PartFiles.corrupt(file, e);
    }
    key = nextKey;
    value = nextValue;
    return true;
  }

  public String part() {
    return part;
  }

  public Text key() {
    return key;
  }

  public Writable value() {
    return value;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  /** One record and the part it came from. */
  public record Record(String part, Writable value) {}
}
