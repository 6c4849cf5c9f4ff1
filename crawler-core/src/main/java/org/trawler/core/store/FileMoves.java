package org.trawler.core.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Moves a job's finished outputs into place by rename, all or none: when one move fails (a full
 * disk, a refused rename), those already made are removed again, so a reader never sees half of a
 * job's output next to the previous state. The targets must be new: nothing is overwritten.
 */
public final class FileMoves {
  private FileMoves() {}

  /**
   * Moves the files a job wrote under its work directory {@code work} whose names end with one of
   * {@code suffixes} to the same place under {@code out}, all or none: every file of a suffix
   * before any of the next (killed half-way, {@code out} never has an index without the file it
   * indexes). Nothing when the job wrote nothing ({@code work} does not exist).
   */
  public static void outOfWork(FileSystem fs, Path work, Path out, List<String> suffixes)
      throws IOException {
    if (!fs.exists(work)) {
      return;
    }
    String root = fs.makeQualified(work).toUri().getPath();
    List<Path> written = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(work, true);
    while (files.hasNext()) {
      written.add(files.next().getPath());
    }
    Map<Path, Path> moves = new LinkedHashMap<>();
    for (String suffix : suffixes) {
      for (Path file : written) {
        if (file.getName().endsWith(suffix)) {
          Path to = new Path(out, file.toUri().getPath().substring(root.length() + 1));
          fs.mkdirs(to.getParent());
          moves.putIfAbsent(file, to);
        }
      }
    }
    allOrNone(fs, moves);
  }

  /** Renames each key to its value, in order; on failure removes what was moved and rethrows. */
  public static void allOrNone(FileSystem fs, Map<Path, Path> moves) throws IOException {
    List<Path> moved = new ArrayList<>();
    try {
      for (Map.Entry<Path, Path> move : moves.entrySet()) {
        Path to = move.getValue();
        if (fs.exists(to)) {
          throw new IOException(to + " was written by another job meanwhile");
        }
        moved.add(
            to); // a rename that fails half-way (a file moved, its checksum not) leaves it too
        if (!fs.rename(move.getKey(), to)) {
          throw new IOException("cannot move " + move.getKey() + " to " + to);
        }
      }
    } catch (IOException e) {
      for (Path to : moved) {
        try {
          fs.delete(to, true);
        } catch (IOException removing) {
          e.addSuppressed(removing);
        }
      }
      throw e;
    }
  }
}
