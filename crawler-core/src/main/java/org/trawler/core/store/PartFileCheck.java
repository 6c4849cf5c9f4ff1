package org.trawler.core.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.UserException;

/**
 * Checks that SequenceFile inputs (crawldb versions, segment parts) are readable, so that a
 * truncated or corrupt file is named in one line before a job starts, not lost in a task's stack
 * trace. The cheap check reads each file's header and its last records (a truncation shows there);
 * the full scan reads every record and is for finding the culprit after a job failed.
 */
public final class PartFileCheck {
  /**
   * How much of a file's end the cheap check reads: more than one compressed block (1 MB raw by
   * default).
   */
  static final long TAIL_BYTES = 4L << 20;

  private PartFileCheck() {}

  /**
   * The data files SequenceFileInputFormat reads for these input paths: each path's matches (it may
   * be a glob); of a directory, its visible files and the data file of each MapFile directory in
   * it. Missing paths give nothing.
   */
  public static List<Path> dataFiles(Configuration conf, Collection<Path> inputs)
      throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path input : inputs) {
      FileSystem fs = input.getFileSystem(conf);
      FileStatus[] matches = fs.globStatus(input);
      if (matches == null) {
        continue;
      }
      for (FileStatus match : matches) {
        if (!match.isDirectory()) {
          files.add(match.getPath());
        } else {
          for (FileStatus child : fs.listStatus(match.getPath())) {
            if (isHidden(child.getPath())) {
              continue;
            }
            if (!child.isDirectory()) {
              files.add(child.getPath());
            } else {
              files.add(new Path(child.getPath(), MapFile.DATA_FILE_NAME));
            }
          }
        }
      }
    }
    return files;
  }

  /** Reads the header and the last records of each file; the first unreadable one fails, named. */
  public static void checkEnds(Configuration conf, List<Path> files) throws UserException {
    for (Path file : files) {
      checkEnd(conf, file);
    }
  }

  /**
   * Reads every record of each file; returns the failure naming the first unreadable one, or null.
   */
  public static UserException findUnreadable(Configuration conf, List<Path> files)
      throws IOException {
    for (Path file : files) {
      try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
        Writable key = (Writable) ReflectionUtils.newInstance(r.getKeyClass(), conf);
        Writable value = (Writable) ReflectionUtils.newInstance(r.getValueClass(), conf);
        while (r.next(key, value)) {
          // reading is the check
        }
      } catch (java.io.FileNotFoundException e) {
        // moved away since the job started (e.g. an install); not a corrupt file
      } catch (IOException | RuntimeException e) {
        return PartFiles.corrupt(file, e);
      }
    }
    return null;
  }

  private static void checkEnd(Configuration conf, Path file) throws UserException {
    try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
      long length = file.getFileSystem(conf).getFileStatus(file).getLen();
      if (length - TAIL_BYTES > r.getPosition()) {
        r.sync(length - TAIL_BYTES);
      }
      DataOutputBuffer key = new DataOutputBuffer();
      SequenceFile.ValueBytes value = r.createValueBytes();
      while (r.nextRaw(key, value) >= 0) {
        key.reset();
      }
    } catch (IOException | RuntimeException e) {
      throw PartFiles.corrupt(file, e);
    }
  }

  private static boolean isHidden(Path p) {
    return p.getName().startsWith("_") || p.getName().startsWith(".");
  }
}
