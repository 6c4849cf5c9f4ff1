package org.trawler.core.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Moves a job's finished outputs into place by rename, all or none: when one move fails (a full
 * disk, a refused rename), those already made are removed again, so a reader never sees half of a
 * job's output next to the previous state. The targets must be new: nothing is overwritten.
 */
public final class FileMoves {
  private FileMoves() {}

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
