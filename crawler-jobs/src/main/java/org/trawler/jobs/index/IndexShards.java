package org.trawler.jobs.index;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.trawler.core.UserException;
import org.trawler.core.store.VersionedDb;

/**
 * The installed version of a Lucene index, all its shards as one reader. Shards on the local file
 * system are read in place; on any other file system (HDFS) they are copied to a local temporary
 * directory first, since Lucene reads at random and Lucene 9 has no maintained Directory over HDFS:
 * one copy, then searches at local-disk speed.
 */
public final class IndexShards implements Closeable {
  private final MultiReader reader;
  private final List<Directory> directories;
  private final java.nio.file.Path copied;

  private IndexShards(MultiReader reader, List<Directory> directories, java.nio.file.Path copied) {
    this.reader = reader;
    this.directories = directories;
    this.copied = copied;
  }

  /** Opens the index at {@code index}; no index there is a {@link UserException} naming it. */
  public static IndexShards open(Configuration conf, Path index) throws IOException, UserException {
    FileSystem fs = index.getFileSystem(conf);
    if (!fs.exists(index)) {
      throw new UserException(
          "no index at " + index + ": run index first", UserException.NOTHING_TO_DO);
    }
    Path version = VersionedDb.readable(fs, index);
    if (version == null) {
      throw new UserException(
          index + " is not an index (it has no " + VersionedDb.CURRENT + "/ directory)");
    }
    FileStatus[] parts = fs.listStatus(version, p -> p.getName().startsWith("part-"));
    Arrays.sort(parts);
    for (FileStatus part : parts) {
      if (!part.isDirectory()
          || fs.listStatus(part.getPath(), p -> p.getName().startsWith("segments_")).length == 0) {
        throw new UserException(
            index + " is not an index (" + part.getPath().getName() + " is no Lucene index)");
      }
    }
    boolean local = fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem;
    java.nio.file.Path copied = local ? null : Files.createTempDirectory("trawler-search-");
    List<Directory> directories = new ArrayList<>();
    List<IndexReader> readers = new ArrayList<>();
    try {
      for (FileStatus part : parts) {
        java.nio.file.Path dir;
        if (local) {
          dir = java.nio.file.Paths.get(fs.makeQualified(part.getPath()).toUri());
        } else {
          dir = copied.resolve(part.getPath().getName());
          fs.copyToLocalFile(false, part.getPath(), new Path(dir.toUri()), true);
        }
        Directory d = FSDirectory.open(dir);
        directories.add(d);
        readers.add(DirectoryReader.open(d));
      }
    } catch (IOException e) {
      for (IndexReader r : readers) {
        r.close();
      }
      closeAll(directories, copied);
      throw new UserException("cannot read the index at " + version + ": " + e.getMessage(), e);
    }
    return new IndexShards(
        new MultiReader(readers.toArray(new IndexReader[0]), true), directories, copied);
  }

  /** All shards as one reader. */
  public IndexReader reader() {
    return reader;
  }

  /** The number of shards. */
  public int shards() {
    return directories.size();
  }

  @Override
  public void close() throws IOException {
    reader.close();
    closeAll(directories, copied);
  }

  private static void closeAll(List<Directory> directories, java.nio.file.Path copied)
      throws IOException {
    for (Directory d : directories) {
      d.close();
    }
    if (copied != null) {
      FileUtil.fullyDelete(copied.toFile());
    }
  }
}
