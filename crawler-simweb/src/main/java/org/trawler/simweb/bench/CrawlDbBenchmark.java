package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.update.UpdateDb;

/**
 * {@code bench --db-urls N}: writes a crawldb of N due URLs (100 per host, sorted MapFile parts)
 * and a fetched segment touching every 10th of them, then times generate -topN 100000 and updatedb
 * of that segment.
 */
final class CrawlDbBenchmark {
  private static final int PAGES_PER_HOST = 100;
  private static final int TOUCHED_EVERY = 10;
  private static final long TOP_N = 100_000;
  private static final long URLS_PER_PART = 500_000;
  private static final int MAX_PARTS = 16;
  private static final int INTERVAL = 2_592_000;

  private final Configuration conf;
  private final PhaseMeter meter;
  private final PrintStream out;

  CrawlDbBenchmark(Configuration conf, PhaseMeter meter, PrintStream out) {
    this.conf = new Configuration(conf);
    this.meter = meter;
    this.out = out;
  }

  Report run(Path dir, long urls) throws Exception {
    Path crawlDb = new Path(dir, "crawldb");
    Path segment = new Path(dir, "segments/20000101000000");
    int parts = parts(urls, 2);
    long now = System.currentTimeMillis();
    Report report = new Report(urls, parts);
    out.printf(
        "bench: writing a crawldb of %d URLs in %d parts and a segment touching %d of them%n",
        urls, parts, (urls + TOUCHED_EVERY - 1) / TOUCHED_EVERY);
    report.samples.add(
        meter.measure(
            0,
            "synthesize",
            () -> {
              writeCrawlDb(VersionedDb.current(crawlDb), urls, parts, now);
              writeSegment(segment, urls, now);
              return java.util.Map.of(BenchCommand.MAP_INPUT, urls);
            }));
    report.dbBytes = bytes(VersionedDb.current(crawlDb));
    Path segmentsDir = new Path(dir, "generated");
    report.samples.add(
        meter.measure(
            1,
            "generate",
            () -> {
              Generator generator = new Generator();
              generator.setConf(new Configuration(conf));
              generator.generate(crawlDb, segmentsDir, new Generator.Settings(TOP_N, 0, 0, false));
              return generator.results();
            }));
    report.samples.add(
        meter.measure(
            1,
            "updatedb",
            () -> {
              UpdateDb updater = new UpdateDb();
              updater.setConf(new Configuration(conf));
              updater.update(crawlDb, List.of(segment), false);
              return updater.results();
            }));
    report.dbBytesAfter = bytes(VersionedDb.current(crawlDb));
    return report;
  }

  private long bytes(Path p) throws IOException {
    return bytes(conf, p);
  }

  /** The bytes under {@code p}. */
  static long bytes(Configuration conf, Path p) throws IOException {
    return p.getFileSystem(conf).getContentSummary(p).getLength();
  }

  /** The parts of a synthetic db of {@code urls} URLs: one per 500 000, at least {@code min}. */
  static int parts(long urls, int min) {
    return (int) Math.max(min, Math.min(MAX_PARTS, urls / URLS_PER_PART));
  }

  /** URL number i: host i / 100, page i % 100; zero-padded, so numeric order is key order. */
  static String url(long i) {
    return url(i, PAGES_PER_HOST);
  }

  /** URL number i of hosts of {@code pagesPerHost} pages (at most 1000). */
  static String url(long i, int pagesPerHost) {
    StringBuilder sb = new StringBuilder(48).append("http://h");
    pad(sb, i / pagesPerHost, 8);
    sb.append(".example.com/p/");
    pad(sb, i % pagesPerHost, 3);
    return sb.append(".html").toString();
  }

  private static void pad(StringBuilder sb, long n, int width) {
    String s = Long.toString(n);
    for (int k = s.length(); k < width; k++) {
      sb.append('0');
    }
    sb.append(s);
  }

  /** {@code urls} due URLs {@link #url(long)} 0 to urls - 1 in {@code parts} sorted parts. */
  void writeCrawlDb(Path current, long urls, int parts, long now) throws IOException {
    Text key = new Text();
    CrawlDatum datum = new CrawlDatum();
    long perPart = (urls + parts - 1) / parts;
    for (int p = 0; p < parts; p++) {
      try (MapFile.Writer w = mapFile(new Path(current, String.format("part-r-%05d", p)))) {
        for (long i = p * perPart; i < Math.min(urls, (p + 1) * perPart); i++) {
          key.set(url(i));
          datum.set(new CrawlDatum(CrawlStatus.DB_UNFETCHED, INTERVAL, 1.0f / (1 + i % 7)));
          datum.setFetchTime(now - 86_400_000L);
          datum.setDepth((int) (i % 4));
          w.append(key, datum);
        }
      }
    }
  }

  /**
   * crawl_fetch (a success per touched URL) and crawl_parse (its signature and a link to the next
   * page).
   */
  private void writeSegment(Path segment, long urls, long now) throws IOException {
    Text key = new Text();
    Path parse = new Path(segment, Segment.CRAWL_PARSE + "/part-r-00000");
    try (MapFile.Writer fetch = mapFile(new Path(segment, Segment.CRAWL_FETCH + "/part-r-00000"));
        SequenceFile.Writer links =
            SequenceFile.createWriter(
                conf,
                SequenceFile.Writer.file(parse),
                SequenceFile.Writer.keyClass(Text.class),
                SequenceFile.Writer.valueClass(CrawlDatum.class),
                SequenceFile.Writer.compression(
                    SequenceFile.CompressionType.BLOCK, jobCodec(conf)))) {
      for (long i = 0; i < urls; i += TOUCHED_EVERY) {
        byte[] signature = new byte[16];
        for (int b = 0; b < 8; b++) {
          signature[b] = (byte) (i >>> (8 * b));
        }
        key.set(url(i));
        CrawlDatum fetched = new CrawlDatum(CrawlStatus.FETCH_SUCCESS, INTERVAL, 1.0f);
        fetched.setFetchTime(now);
        fetched.setSignature(signature);
        fetched.putMeta(MetadataKeys.PROTOCOL_STATUS, "200 ok");
        fetch.append(key, fetched);
        CrawlDatum sig = new CrawlDatum(CrawlStatus.SIGNATURE, 0, 0f);
        sig.setSignature(signature);
        links.append(key, sig);
        long target = i + 1 < urls ? i + 1 : 0;
        CrawlDatum linked = new CrawlDatum(CrawlStatus.LINKED, INTERVAL, 0.1f);
        linked.setDepth(1);
        links.append(new Text(url(target)), linked);
      }
    }
  }

  private MapFile.Writer mapFile(Path dir) throws IOException {
    return mapFile(conf, dir, CrawlDatum.class);
  }

  /**
   * A block-compressed MapFile of Text → {@code valueClass} with the codec the jobs write with
   * (mapreduce.output.fileoutputformat.compress.codec): the files look like theirs.
   */
  static MapFile.Writer mapFile(Configuration conf, Path dir, Class<? extends Writable> valueClass)
      throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    fs.mkdirs(dir.getParent());
    return new MapFile.Writer(
        conf,
        dir,
        MapFile.Writer.keyClass(Text.class),
        MapFile.Writer.valueClass(valueClass),
        SequenceFile.Writer.compression(SequenceFile.CompressionType.BLOCK, jobCodec(conf)));
  }

  private static CompressionCodec jobCodec(Configuration conf) {
    return ReflectionUtils.newInstance(
        conf.getClass(FileOutputFormat.COMPRESS_CODEC, DefaultCodec.class, CompressionCodec.class),
        conf);
  }

  /** Figures of the crawldb benchmark. */
  static final class Report implements BenchCommand.Report {
    private final long urls;
    private final int parts;
    private final List<PhaseMeter.Sample> samples = new ArrayList<>();
    private long dbBytes;
    private long dbBytesAfter;
    private long peakRssBytes = -1;

    Report(long urls, int parts) {
      this.urls = urls;
      this.parts = parts;
    }

    @Override
    public void peakRss(long bytes) {
      peakRssBytes = bytes;
    }

    @Override
    public void print(PrintStream out) {
      out.printf(
          "%ncrawldb: %d URLs in %d parts, %.1f MB on disk (%.1f bytes/URL); after updatedb %.1f MB%n",
          urls, parts, dbBytes / 1048576.0, (double) dbBytes / urls, dbBytesAfter / 1048576.0);
      BenchReport.printTable(out, samples);
      for (PhaseMeter.Sample s : samples) {
        if (!s.phase().equals("synthesize")) {
          out.printf(
              "%s: %.2f microseconds per crawldb URL%n", s.phase(), s.seconds() * 1e6 / urls);
        }
      }
      BenchReport.printPeakRss(out, peakRssBytes);
    }

    @Override
    public void writeJson(JsonOutput j) throws IOException {
      j.beginObject()
          .name("dbUrls")
          .value(urls)
          .name("parts")
          .value(parts)
          .name("bytesOnDisk")
          .value(dbBytes)
          .name("bytesOnDiskAfterUpdate")
          .value(dbBytesAfter)
          .name("topN")
          .value(TOP_N)
          .name("touchedUrls")
          .value((urls + TOUCHED_EVERY - 1) / TOUCHED_EVERY);
      BenchReport.machine(j);
      j.name("phases");
      BenchReport.writeSamples(j, samples);
      j.name("microsecondsPerUrl").beginObject();
      for (PhaseMeter.Sample s : samples) {
        j.name(s.phase()).value(s.seconds() * 1e6 / urls);
      }
      j.endObject();
      j.name("peakRssMB").value(BenchReport.peakRssMB(peakRssBytes));
      j.endObject();
    }
  }
}
