package org.trawler.jobs.reliability;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;

/** Crawl directories written by hand, as the jobs would leave them. */
final class CrawlData {
  static final long NOW = System.currentTimeMillis();
  static final int INTERVAL = 86_400;

  private CrawlData() {}

  /**
   * Local mode without URL normalizers or filters, Hadoop's scratch space in a new folder of {@code
   * tmp}.
   */
  static Configuration localConf(TemporaryFolder tmp) throws IOException {
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", tmp.newFolder().getPath());
    return conf;
  }

  /** A copy of the crawl directory {@code from} at {@code to}, files with their attributes. */
  static File copy(File from, File to) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(from.toPath())) {
      for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
        java.nio.file.Path target = to.toPath().resolve(from.toPath().relativize(f));
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
    return to;
  }

  static String url(int i) {
    return String.format("http://h%d.example/page/%06d", i % 50, i);
  }

  static CrawlDatum entry(CrawlStatus status, int i) {
    CrawlDatum d = new CrawlDatum(status, INTERVAL, 1f);
    d.setFetchTime(NOW - 3_600_000L);
    d.setDepth(1);
    if (status == CrawlStatus.DB_FETCHED) {
      d.setSignature(new byte[] {(byte) (i / 3), (byte) (i / 3 >> 8)}); // three pages per signature
    }
    return d;
  }

  /** A crawldb of {@code n} entries of one status. */
  static void crawlDb(Configuration conf, Path crawlDb, int n, CrawlStatus status)
      throws IOException {
    SortedMap<String, CrawlDatum> entries = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      entries.put(url(i), entry(status, i));
    }
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, entries);
  }

  /**
   * A fetched and parsed segment for the first {@code fetched} URLs of {@link #crawlDb}: most
   * fetched, some gone, some to retry; each fetched page links to one new URL.
   */
  static Path fetchedSegment(Configuration conf, Path segments, int fetched) throws IOException {
    Path segment = new Path(segments, "20240101000000");
    SortedMap<String, CrawlDatum> fetch = new TreeMap<>();
    for (int i = 0; i < fetched; i++) {
      CrawlStatus status =
          i % 10 == 0
              ? CrawlStatus.FETCH_GONE
              : i % 10 == 1 ? CrawlStatus.FETCH_RETRY : CrawlStatus.FETCH_SUCCESS;
      CrawlDatum d = entry(CrawlStatus.DB_UNFETCHED, i);
      d.setStatus(status);
      d.setFetchTime(NOW - 60_000L);
      fetch.put(url(i), d);
    }
    LocalJobFixtures.writeMapFile(
        conf, new Path(segment, Segment.CRAWL_FETCH), CrawlDatum.class, fetch);
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(segment, Segment.CRAWL_PARSE + "/part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (int i = 0; i < fetched; i++) {
        if (fetch.get(url(i)).getStatus() != CrawlStatus.FETCH_SUCCESS) {
          continue;
        }
        CrawlDatum signature = new CrawlDatum(CrawlStatus.SIGNATURE, 0, 0f);
        signature.setSignature(new byte[] {(byte) i, (byte) (i >> 8)});
        w.append(new Text(url(i)), signature);
        CrawlDatum linked = new CrawlDatum(CrawlStatus.LINKED, INTERVAL, 0.5f);
        linked.setDepth(2);
        w.append(new Text(url(1_000_000 + i)), linked);
      }
    }
    return segment;
  }

  /**
   * A segment holding the given parts (Segment.CRAWL_GENERATE, CRAWL_FETCH, CONTENT, CRAWL_PARSE,
   * PARSE_DATA, PARSE_TEXT) for the first {@code n} URLs, each part as its job writes it.
   */
  static Path segmentWith(Configuration conf, Path segment, int n, String... parts)
      throws IOException {
    for (String part : parts) {
      Path dir = new Path(segment, part);
      switch (part) {
        case Segment.CRAWL_GENERATE, Segment.CRAWL_PARSE -> {
          try (SequenceFile.Writer w =
              SequenceFile.createWriter(
                  conf,
                  SequenceFile.Writer.file(new Path(dir, "part-r-00000")),
                  SequenceFile.Writer.keyClass(Text.class),
                  SequenceFile.Writer.valueClass(CrawlDatum.class))) {
            for (int i = 0; i < n; i++) {
              CrawlDatum d = entry(CrawlStatus.DB_UNFETCHED, i);
              if (part.equals(Segment.CRAWL_PARSE)) {
                d = new CrawlDatum(CrawlStatus.LINKED, INTERVAL, 0.5f);
              }
              w.append(new Text(url(i)), d);
            }
          }
        }
        case Segment.CRAWL_FETCH ->
            LocalJobFixtures.writeMapFile(
                conf,
                dir,
                CrawlDatum.class,
                records(
                    n,
                    i -> {
                      CrawlDatum d = entry(CrawlStatus.DB_UNFETCHED, i);
                      d.setStatus(CrawlStatus.FETCH_SUCCESS);
                      return d;
                    }));
        case Segment.CONTENT ->
            LocalJobFixtures.writeMapFile(
                conf,
                dir,
                Content.class,
                records(
                    n,
                    i ->
                        new Content(
                            url(i),
                            url(i),
                            ("<html><title>"
                                    + i
                                    + "</title><a href=\""
                                    + url(i + 1)
                                    + "\">next</a></html>")
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8),
                            "text/html",
                            false)));
        case Segment.PARSE_DATA ->
            LocalJobFixtures.writeMapFile(
                conf,
                dir,
                ParseData.class,
                records(n, i -> new ParseData(ParseData.SUCCESS, "", "page " + i)));
        case Segment.PARSE_TEXT ->
            LocalJobFixtures.writeMapFile(
                conf, dir, ParseText.class, records(n, i -> new ParseText("text of page " + i)));
        default -> throw new IllegalArgumentException(part);
      }
    }
    return segment;
  }

  /**
   * A parsed segment (parse_data only) of the pages {@code from .. from + n - 1}, each linking to
   * ten pages spread over the first {@code from + n}, with anchors naming the linking page.
   */
  static Path linkedSegment(Configuration conf, Path segment, int from, int n) throws IOException {
    SortedMap<String, ParseData> pages = new TreeMap<>();
    for (int i = from; i < from + n; i++) {
      ParseData data = new ParseData(ParseData.SUCCESS, "", "page " + i);
      for (int k = 1; k <= 10; k++) {
        data.getOutlinks().add(new Outlink(url((i * 7 + k * 131) % (from + n)), "from " + i));
      }
      pages.put(url(i), data);
    }
    LocalJobFixtures.writeMapFile(
        conf, new Path(segment, Segment.PARSE_DATA), ParseData.class, pages);
    return segment;
  }

  private static <V> SortedMap<String, V> records(int n, java.util.function.IntFunction<V> value) {
    SortedMap<String, V> records = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      records.put(url(i), value.apply(i));
    }
    return records;
  }
}
