package org.trawler.core.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Makes written files survive a power loss before they are installed: on the local file system an
 * fsync of every file and directory (a rename is only as durable as the data it points at, and the
 * rename itself only once its directory is synced). HDFS makes a file durable when it is closed if
 * the datanodes sync on close (dfs.datanode.synconclose), which no client call can do afterwards;
 * other file systems are left as they are. Off with db.fsync=false.
 */
public final class DurableFiles {
  private final boolean enabled;

  private DurableFiles(boolean enabled) {
    this.enabled = enabled;
  }

  public static DurableFiles of(Configuration conf) {
    return new DurableFiles(conf.getBoolean(StoreKeys.FSYNC, StoreKeys.DEFAULT_FSYNC));
  }

  /** Syncs every file and directory under {@code dir} (the directory included), deepest first. */
  public void syncTree(FileSystem fs, Path dir) throws IOException {
    java.nio.file.Path local = local(fs, dir);
    if (local == null || !Files.exists(local)) {
      return;
    }
    List<java.nio.file.Path> all;
    try (Stream<java.nio.file.Path> walk = Files.walk(local)) {
      all = walk.toList();
    }
    for (int i = all.size() - 1; i >= 0; i--) {
      force(all.get(i));
    }
  }

  /** Syncs one directory: makes the renames done in it durable. */
  public void syncDirectory(FileSystem fs, Path dir) throws IOException {
    java.nio.file.Path local = local(fs, dir);
    if (local != null && Files.isDirectory(local)) {
      force(local);
    }
  }

  /**
   * The local path of {@code path}, or null when there is nothing to sync (disabled, not local).
   */
  private java.nio.file.Path local(FileSystem fs, Path path) {
    if (!enabled || !"file".equals(fs.getUri().getScheme())) {
      return null;
    }
    return Paths.get(fs.makeQualified(path).toUri());
  }

  private static void force(java.nio.file.Path p) throws IOException {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      if (!Files.isDirectory(p)) {
        throw new IOException("cannot sync " + p + " to disk: " + e.getMessage(), e);
      }
      // some systems (Windows) cannot open a directory to sync it: its renames stay unsynced
    }
  }
}
