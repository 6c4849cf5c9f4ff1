package org.trawler.jobs.inject;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.trawler.core.UserException;

/** The seed files of a url_dir: every file under it, recursively, but hidden ones (. or _). */
public final class SeedFiles {

  private SeedFiles() {}

  /**
   * The readable seed files under {@code urlDir} (or {@code urlDir} itself when it is a file),
   * sorted; a missing directory, one without seed files, or an unreadable file is a {@link
   * UserException} naming it.
   */
  public static List<Path> list(Configuration conf, Path urlDir) throws IOException, UserException {
    FileSystem fs = urlDir.getFileSystem(conf);
    if (!fs.exists(urlDir)) {
      throw new UserException("seed directory " + urlDir + " does not exist");
    }
    List<Path> files = new ArrayList<>();
    FileStatus top = fs.getFileStatus(urlDir);
    if (top.isFile()) {
      files.add(top.getPath());
    } else {
      collect(fs, urlDir, files);
    }
    if (files.isEmpty()) {
      throw new UserException(
          "no seed files in " + urlDir + " (names starting with . or _ are skipped)",
          UserException.NOTHING_TO_DO);
    }
    Collections.sort(files);
    for (Path file : files) {
      try {
        fs.open(file).close();
      } catch (IOException e) {
        throw new UserException("cannot read seed file " + file + ": " + e.getMessage());
      }
    }
    return files;
  }

  private static void collect(FileSystem fs, Path dir, List<Path> into) throws IOException {
    for (FileStatus st : fs.listStatus(dir)) {
      if (isHidden(st.getPath())) {
        continue;
      }
      if (st.isDirectory()) {
        collect(fs, st.getPath(), into);
      } else {
        into.add(st.getPath());
      }
    }
  }

  /** Hadoop's convention: editors' backups, .crc checksums and _SUCCESS markers are not data. */
  static boolean isHidden(Path path) {
    String name = path.getName();
    return name.startsWith(".") || name.startsWith("_");
  }
}
