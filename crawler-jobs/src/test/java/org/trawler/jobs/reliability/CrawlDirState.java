package org.trawler.jobs.reliability;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.jobs.warc.WarcReading;

/** What a user sees of a crawl directory, to compare runs; and what a failed run must not leave. */
final class CrawlDirState {
  private CrawlDirState() {}

  /**
   * The crawl data as its readers see it: per visible data file, its records' keys (and statuses
   * where the values are CrawlDatums); WARC files by their records. Segment names (dates) are
   * replaced by {@code <segment>}, so runs at different times compare equal. The backup version
   * ({@code old}) and hidden or work directories are not data.
   */
  static SortedMap<String, String> of(Configuration conf, File crawl) throws IOException {
    SortedMap<String, String> state = new TreeMap<>();
    List<String> warcRecords = new ArrayList<>();
    try (Stream<java.nio.file.Path> files = Files.walk(crawl.toPath())) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        String rel = crawl.toPath().relativize(f).toString();
        if (Files.isDirectory(f)
            || Stream.of(rel.split("/")).anyMatch(p -> p.startsWith(".") || p.startsWith("_"))
            || rel.startsWith("crawldb/old/")
            || rel.startsWith("linkdb/old/")) {
          continue;
        }
        String name = rel.replaceAll("\\d{14}", "<segment>");
        if (rel.startsWith("index/")) {
          if (rel.startsWith("index/current/")
              && f.getFileName().toString().startsWith("segments_")) {
            state.put(
                f.getParent().toString().substring(crawl.getPath().length() + 1),
                docs(f.getParent()));
          }
          continue; // Lucene's own files differ from run to run: compare the documents
        }
        if (rel.endsWith(".warc.gz")) {
          WarcReading.records(f.toFile())
              .forEach(r -> warcRecords.add(r.type() + " " + r.headers().first("WARC-Target-URI")));
        } else if (rel.endsWith(".cdxj")) {
          state.merge("cdxj lines", "" + Files.readAllLines(f).size(), (a, b) -> a + "+" + b);
        } else if (isSequenceFile(f.toFile())) {
          state.put(name, records(conf, new Path(f.toString())));
        } else {
          state.put(name, Files.size(f) + " bytes");
        }
      }
    }
    if (!warcRecords.isEmpty()) {
      state.put("warc records", new TreeSet<>(warcRecords).toString());
    }
    return state;
  }

  private static String docs(java.nio.file.Path shard) throws IOException {
    try (org.apache.lucene.store.Directory dir = org.apache.lucene.store.FSDirectory.open(shard);
        org.apache.lucene.index.DirectoryReader reader =
            org.apache.lucene.index.DirectoryReader.open(dir)) {
      return reader.numDocs() + " documents";
    }
  }

  private static boolean isSequenceFile(File f) throws IOException {
    try (InputStream in = new java.io.FileInputStream(f)) {
      byte[] magic = in.readNBytes(3);
      return new String(magic, java.nio.charset.StandardCharsets.US_ASCII).equals("SEQ");
    }
  }

  private static String records(Configuration conf, Path file) throws IOException {
    List<String> keys = new ArrayList<>();
    try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
      Writable key = (Writable) ReflectionUtils.newInstance(r.getKeyClass(), conf);
      Writable value = (Writable) ReflectionUtils.newInstance(r.getValueClass(), conf);
      while (r.next(key, value)) {
        keys.add(key + (value instanceof CrawlDatum d ? " " + d.statusLabel() : ""));
      }
    }
    return keys.size() + " records, keys#" + keys.hashCode();
  }

  /** Leftovers a failed run must not leave: a lock, temporary and work directories. */
  static List<String> leftovers(File crawl) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(crawl.toPath())) {
      return files
          .map(f -> crawl.toPath().relativize(f).toString())
          .filter(
              rel -> {
                String name = rel.substring(rel.lastIndexOf('/') + 1);
                return name.equals(".locked")
                    || name.startsWith(".tmp-")
                    || name.startsWith("_work-")
                    || name.equals("_temporary");
              })
          .toList();
    }
  }
}
