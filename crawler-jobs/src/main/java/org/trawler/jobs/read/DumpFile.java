package org.trawler.jobs.read;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.trawler.core.UserException;
import org.trawler.core.store.PathNames;

/** The file a reader dumps into: new, in a directory, on any Hadoop file system, UTF-8. */
final class DumpFile {
  private DumpFile() {}

  /** Opens {@code file} for writing; never overwrites an earlier dump. */
  static Writer create(Configuration conf, Path file) throws IOException, UserException {
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
