package org.trawler.jobs.linkdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;

/**
 * The installed linkdb as its readers see it: the base, MapFile parts {@code current/part-r-*} that
 * the last merge into the base wrote, and the generations {@code current/gen-NNNNNN/part-r-*} that
 * invertlinks added since. A URL may be in several of them: a reader merges its values with {@link
 * InlinksMerge}, which gives the same inlinks whichever parts hold them and however often (each
 * link once, the cap applied), so the union reads as one linkdb.
 *
 * @param version the installed version directory ({@code current}, or {@code old} after an
 *     interrupted install)
 * @param baseFiles the data files of the base
 * @param generations the generations, oldest first
 */
public record LinkDbParts(
    Path version, List<Path> baseFiles, long baseBytes, List<Generation> generations) {

  static final String GENERATION_PREFIX = "gen-";

  /** One generation: its directory, its data files and their bytes. */
  public record Generation(Path dir, List<Path> files, long bytes) {}

  /** The parts of the linkdb's installed version; null when it has none. */
  public static LinkDbParts of(Configuration conf, Path linkDb) throws IOException {
    FileSystem fs = linkDb.getFileSystem(conf);
    Path version = VersionedDb.readable(fs, linkDb);
    if (version == null) {
      return null;
    }
    List<Path> base = PartFiles.list(conf, version);
    List<Path> dirs = new ArrayList<>();
    for (FileStatus st : fs.listStatus(version, p -> p.getName().startsWith(GENERATION_PREFIX))) {
      if (st.isDirectory()) {
        dirs.add(st.getPath());
      }
    }
    // fixed-width numbers: name order is age order
    dirs.sort(null);
    List<Generation> generations = new ArrayList<>();
    for (Path dir : dirs) {
      List<Path> files = PartFiles.list(conf, dir);
      generations.add(new Generation(dir, List.copyOf(files), bytes(fs, files)));
    }
    return new LinkDbParts(version, List.copyOf(base), bytes(fs, base), List.copyOf(generations));
  }

  /** The inlinks of {@code url} over the base and every generation, oldest first. */
  public List<Outlink> inlinks(Configuration conf, Text url) throws IOException {
    List<Outlink> all = new ArrayList<>();
    for (Path data : dataFiles()) {
      try (MapFile.Reader r = new MapFile.Reader(data.getParent(), conf)) {
        Inlinks links = new Inlinks();
        if (r.get(url, links) != null) {
          all.addAll(links.getInlinks());
        }
      }
    }
    return all;
  }

  /** The data files of the base and then of the generations: a job's inputs. */
  public List<Path> dataFiles() {
    List<Path> files = new ArrayList<>(baseFiles);
    files.addAll(files(generations));
    return files;
  }

  /** The data files of {@code generations}. */
  static List<Path> files(List<Generation> generations) {
    List<Path> files = new ArrayList<>();
    generations.forEach(g -> files.addAll(g.files()));
    return files;
  }

  /** The {@code n} newest generations, oldest first. */
  List<Generation> newest(int n) {
    return generations.subList(generations.size() - n, generations.size());
  }

  /** The bytes of each generation, oldest first. */
  List<Long> generationBytes() {
    return generations.stream().map(Generation::bytes).toList();
  }

  /** The name of the generation after the newest one: gen-000001, gen-000002, ... */
  String nextGenerationName() {
    int newest = 0;
    for (Generation generation : generations) {
      String number = generation.dir().getName().substring(GENERATION_PREFIX.length());
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
