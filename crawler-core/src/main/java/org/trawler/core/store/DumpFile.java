package org.trawler.core.store;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.trawler.core.UserException;

/**
 * The file a reader dumps into: new, in a directory, on any Hadoop file system, UTF-8; deleted
 * again when the dump does not finish, so no half dump looks whole.
 */
public final class DumpFile {
  private DumpFile() {}

  /** What writes the dump's lines; returns how many records it wrote. */
  public interface Body {
    long write(Writer out) throws IOException, UserException;
  }

  /**
   * Creates {@code file} (never overwriting an earlier dump), fills it with {@code body} and
   * returns the body's count; removes the file if the body fails.
   */
  public static long write(Configuration conf, Path file, Body body)
      throws IOException, UserException {
    Writer out = create(conf, file);
    boolean complete = false;
    try {
      long count = body.write(out);
      complete = true;
      return count;
    } finally {
      out.close();
      if (!complete) {
        file.getFileSystem(conf).delete(file, false);
      }
    }
  }

  private static Writer create(Configuration conf, Path file) throws IOException, UserException {
    FileSystem fs = file.getFileSystem(conf);
    Path outDir = file.getParent();
    if (fs.exists(outDir) && !fs.getFileStatus(outDir).isDirectory()) {
      throw new UserException(
          PathNames.forUser(outDir) + " is a file: give a directory for the dump");
    }
    if (fs.exists(file)) {
      throw new UserException(
          PathNames.forUser(file) + " already exists: give a new output directory");
    }
    try {
      return new BufferedWriter(
          new OutputStreamWriter(fs.create(file, false), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UserException("cannot create " + PathNames.forUser(file) + ": " + e.getMessage());
    }
  }
}
