package org.trawler.jobs.linkdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;

/**
 * The installed linkdb as its readers see it: the base, MapFile parts {@code current/part-r-*} that
 * the last merge wrote, and the generations {@code current/gen-NNNNNN/part-r-*} that each
 * invertlinks since then added. A URL may be in several of them: a reader merges its values with
 * {@link InlinksMerge}, which gives the same inlinks whichever parts hold them and however often
 * (each link once, the cap applied), so the union reads as one linkdb.
 *
 * @param version the installed version directory ({@code current}, or {@code old} after an
 *     interrupted install)
 * @param generations the generation directories, oldest first
 * @param dataFiles the data files of the base and then of the generations: a job's inputs
 */
public record LinkDbParts(
    Path version,
    List<Path> generations,
    List<Path> dataFiles,
    long baseBytes,
    long generationBytes) {

  static final String GENERATION_PREFIX = "gen-";

  /** The parts of the linkdb's installed version; null when it has none. */
  public static LinkDbParts of(Configuration conf, Path linkDb) throws IOException {
    FileSystem fs = linkDb.getFileSystem(conf);
    Path version = VersionedDb.readable(fs, linkDb);
    if (version == null) {
      return null;
    }
    List<Path> files = new ArrayList<>(PartFiles.list(conf, version));
    long baseBytes = bytes(fs, files);
    List<Path> generations = new ArrayList<>();
    for (FileStatus st : fs.listStatus(version, p -> p.getName().startsWith(GENERATION_PREFIX))) {
      if (st.isDirectory()) {
        generations.add(st.getPath());
      }
    }
    // fixed-width numbers: name order is age order
    generations.sort(null);
    long generationBytes = 0;
    for (Path generation : generations) {
      List<Path> parts = PartFiles.list(conf, generation);
      generationBytes += bytes(fs, parts);
      files.addAll(parts);
    }
    return new LinkDbParts(
        version, List.copyOf(generations), List.copyOf(files), baseBytes, generationBytes);
  }

  /** The name of the generation after the newest one: gen-000001, gen-000002, ... */
  String nextGenerationName() {
    int newest = 0;
    for (Path generation : generations) {
      String number = generation.getName().substring(GENERATION_PREFIX.length());
      if (number.matches("\\d+")) {
        newest = Math.max(newest, Integer.parseInt(number));
      }
    }
    return String.format("%s%06d", GENERATION_PREFIX, newest + 1);
  }

  private static long bytes(FileSystem fs, List<Path> files) throws IOException {
    long total = 0;
    for (Path file : files) {
      total += fs.getFileStatus(file).getLen();
    }
    return total;
  }
}
