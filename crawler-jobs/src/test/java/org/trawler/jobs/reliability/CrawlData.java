package org.trawler.jobs.reliability;

import java.io.IOException;
import java.util.SortedMap;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.CrawlDb;
import org.trawler.core.store.Segment;
import org.trawler.jobs.LocalJobFixtures;

/** Crawl directories written by hand, as the jobs would leave them. */
final class CrawlData {
  static final long NOW = System.currentTimeMillis();
  static final int INTERVAL = 86_400;

  private CrawlData() {}

  static String url(int i) {
    return String.format("http://h%d.example/page/%06d", i % 50, i);
  }

  static CrawlDatum entry(byte status, int i) {
    CrawlDatum d = new CrawlDatum(status, INTERVAL, 1f);
    d.setFetchTime(NOW - 3_600_000L);
    d.setDepth(1);
    if (status == CrawlStatus.DB_FETCHED) {
      d.setSignature(new byte[] {(byte) (i / 3), (byte) (i / 3 >> 8)}); // three pages per signature
    }
    return d;
  }

  /** A crawldb of {@code n} entries of one status. */
  static void crawlDb(Configuration conf, Path crawlDb, int n, byte status) throws IOException {
    SortedMap<String, CrawlDatum> entries = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      entries.put(url(i), entry(status, i));
    }
    LocalJobFixtures.writeMapFile(conf, CrawlDb.current(crawlDb), CrawlDatum.class, entries);
  }

  /**
   * A fetched and parsed segment for the first {@code fetched} URLs of {@link #crawlDb}: most
   * fetched, some gone, some to retry; each fetched page links to one new URL.
   */
  static Path fetchedSegment(Configuration conf, Path segments, int fetched) throws IOException {
    Path segment = new Path(segments, "20240101000000");
    SortedMap<String, CrawlDatum> fetch = new TreeMap<>();
    for (int i = 0; i < fetched; i++) {
      byte status = i % 10 == 0 ? CrawlStatus.FETCH_GONE : i % 10 == 1 ? CrawlStatus.FETCH_RETRY
          : CrawlStatus.FETCH_SUCCESS;
      CrawlDatum d = entry(CrawlStatus.DB_UNFETCHED, i);
      d.setStatus(status);
      d.setFetchTime(NOW - 60_000L);
      fetch.put(url(i), d);
    }
    LocalJobFixtures.writeMapFile(conf, new Path(segment, Segment.CRAWL_FETCH), CrawlDatum.class, fetch);
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
        SequenceFile.Writer.file(new Path(segment, Segment.CRAWL_PARSE + "/part-r-00000")),
        SequenceFile.Writer.keyClass(Text.class), SequenceFile.Writer.valueClass(CrawlDatum.class))) {
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
}
