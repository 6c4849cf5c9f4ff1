package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.warc.WarcReading;

/**
 * A small crawl (redirects followed inline and not, 404s, re-fetched for 304s) exported as WARC
 * with CDXJ, indexed by urlindex, and the Parquet files read back with parquet-hadoop's own reader:
 * one row per response or revisit record, each row's offset and length leading to its record (URI
 * and payload digest), Common Crawl's column types, partitions and order.
 */
public class UrlIndexRoundTripTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static Configuration conf;
  private static File warc;
  private static File index;
  private static String indexOutput;
  private static final Map<String, List<Group>> ROWS_BY_FILE = new TreeMap<>();
  private static final Map<String, MessageType> SCHEMAS = new HashMap<>();

  @BeforeClass
  public static void crawlExportAndIndex() throws Exception {
    server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(2)
                    .pages(8)
                    .outlinks(4)
                    .pageKb(1)
                    .port(0)
                    .seed(7)
                    .redirectPct(20)
                    .notFoundPct(15)
                    .build())
            .build()
            .start();
    File seeds = TMP.newFolder("seeds");
    server.site().writeSeeds(seeds.toPath(), false);
    Path crawl = new Path(TMP.newFolder("crawl").getAbsolutePath());
    warc = new File(TMP.getRoot(), "warc");
    index = new File(TMP.getRoot(), "index");

    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "4");
    conf.set("http.timeout", "5000");
    conf.setInt("http.redirect.max", 1);
    conf.setInt("mapreduce.job.reduces", 2); // two files per subset, each sorted on its own

    run("run", seeds.getPath(), crawl.toString(), "2");
    run("run", seeds.getPath(), crawl.toString(), "1", "--adddays", "31");
    String segments = new Path(crawl, "segments").toString();
    run("warc", warc.getPath(), "-dir", segments, "-cdx");
    indexOutput =
        run(
            "urlindex",
            index.getPath(),
            "-dir",
            segments,
            "-warc",
            warc.getPath(),
            "-crawldb",
            new Path(crawl, "crawldb").toString(),
            "-crawl",
            "CRAWL-1");
    try (Stream<java.nio.file.Path> files = Files.walk(index.toPath())) {
      for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        String relative = index.toPath().relativize(f).toString();
        Path path = new Path(f.toString());
        try (ParquetFileReader footer =
            ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
          SCHEMAS.put(relative, footer.getFooter().getFileMetaData().getSchema());
        }
        List<Group> rows = new ArrayList<>();
        try (ParquetReader<Group> reader =
            ParquetReader.builder(new GroupReadSupport(), path).withConf(conf).build()) {
          for (Group g = reader.read(); g != null; g = reader.read()) {
            rows.add(g);
          }
        }
        ROWS_BY_FILE.put(relative, rows);
      }
    }
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static String run(String... args) throws Exception {
    return EndToEndCrawl.runHere(conf, args);
  }

  private static List<Group> rows() {
    List<Group> all = new ArrayList<>();
    ROWS_BY_FILE.values().forEach(all::addAll);
    return all;
  }

  private static String string(Group g, String column) {
    return g.getFieldRepetitionCount(column) == 0 ? null : g.getString(column, 0);
  }

  /** The response and revisit records of the WARC files, by "file offset". */
  private static Map<String, WarcCaptureRecord> captureRecords() throws IOException {
    Map<String, WarcCaptureRecord> records = new TreeMap<>();
    for (File f : warc.listFiles((d, n) -> n.endsWith(".warc.gz"))) {
      try (org.netpreserve.jwarc.WarcReader reader =
          new org.netpreserve.jwarc.WarcReader(f.toPath())) {
        for (WarcRecord r : reader) {
          if (r instanceof WarcResponse || r instanceof WarcRevisit) {
            records.put(f.getName() + " " + reader.position(), (WarcCaptureRecord) r);
          }
        }
      }
    }
    return records;
  }

  @Test
  public void theCommandSaysWhatItWrote() {
    assertTrue(
        indexOutput,
        indexOutput.matches(
            "(?s)urlindex: \\d+ rows \\(\\d+ warc, \\d+ crawldiagnostics\\) in \\d+ Parquet files"
                + " under .*; 0 rows of records no segment read had fetched.*"));
  }

  @Test
  public void thereIsOneRowPerResponseAndRevisitRecordAtItsPlace() throws IOException {
    Set<String> places = new TreeSet<>();
    for (Group row : rows()) {
      places.add(string(row, "warc_filename") + " " + row.getInteger("warc_record_offset", 0));
    }
    assertEquals(captureRecords().keySet(), places);
    assertEquals("no place twice", rows().size(), places.size());
  }

  @Test
  public void eachRowsOffsetAndLengthLeadToItsRecordUriAndDigest() throws Exception {
    int digests = 0;
    for (Group row : rows()) {
      WarcRecord r =
          WarcReading.recordAt(
              new File(warc, string(row, "warc_filename")),
              row.getInteger("warc_record_offset", 0),
              row.getInteger("warc_record_length", 0));
      WarcCaptureRecord capture = (WarcCaptureRecord) r;
      assertEquals(string(row, "url"), capture.target());
      String digest = string(row, "content_digest");
      HttpResponse http;
      if (r instanceof WarcResponse response) {
        http = response.http();
        byte[] payload = http.body().stream().readAllBytes();
        String sha1 =
            new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(payload)).base32();
        assertEquals(capture.target(), sha1, digest);
        assertEquals(response.payloadDigest().get().base32(), digest);
        digests++;
      } else {
        http = ((WarcRevisit) r).http();
        if (digest != null) {
          assertEquals(capture.payloadDigest().get().base32(), digest);
        }
      }
      assertEquals(capture.target(), http.status(), row.getInteger("fetch_status", 0));
      if (http.status() >= 300 && http.status() < 400 && http.status() != 304) {
        String location = http.headers().first("Location").orElseThrow();
        assertEquals(
            URI.create(capture.target()).resolve(location).toString(),
            string(row, "fetch_redirect"));
      } else {
        assertNull(string(row, "fetch_redirect"));
      }
    }
    assertTrue("responses were checked: " + digests, digests > 10);
  }

  @Test
  public void partitionsAreCrawlAndSubsetAsCommonCrawls() {
    Set<String> dirs = new TreeSet<>();
    for (Map.Entry<String, List<Group>> e : ROWS_BY_FILE.entrySet()) {
      String dir = e.getKey().substring(0, e.getKey().lastIndexOf('/'));
      dirs.add(dir);
      for (Group row : e.getValue()) {
        int status = row.getInteger("fetch_status", 0);
        assertEquals(
            e.getKey() + " " + string(row, "url"),
            status >= 200 && status < 300
                ? "crawl=CRAWL-1/subset=warc"
                : "crawl=CRAWL-1/subset=crawldiagnostics",
            dir);
      }
      assertTrue(e.getKey(), e.getKey().matches(".*/part-r-0000[01]\\.snappy\\.parquet"));
    }
    assertEquals(
        Set.of("crawl=CRAWL-1/subset=warc", "crawl=CRAWL-1/subset=crawldiagnostics"), dirs);
  }

  @Test
  public void eachFileIsSortedBySurtKey() {
    for (Map.Entry<String, List<Group>> e : ROWS_BY_FILE.entrySet()) {
      List<String> keys = new ArrayList<>();
      for (Group row : e.getValue()) {
        keys.add(string(row, "url_surtkey"));
      }
      List<String> sorted = new ArrayList<>(keys);
      sorted.sort(null);
      assertEquals(e.getKey(), sorted, keys);
    }
  }

  @Test
  public void columnsHaveCommonCrawlsTypes() {
    for (MessageType schema : SCHEMAS.values()) {
      for (String column :
          List.of(
              "url_surtkey",
              "url",
              "url_host_name",
              "url_protocol",
              "url_path",
              "content_digest",
              "content_mime_type",
              "warc_filename",
              "warc_segment")) {
        PrimitiveType t = schema.getType(column).asPrimitiveType();
        assertEquals(column, PrimitiveTypeName.BINARY, t.getPrimitiveTypeName());
        assertEquals(column, LogicalTypeAnnotation.stringType(), t.getLogicalTypeAnnotation());
      }
      PrimitiveType status = schema.getType("fetch_status").asPrimitiveType();
      assertEquals(PrimitiveTypeName.INT32, status.getPrimitiveTypeName());
      assertEquals(LogicalTypeAnnotation.intType(16, true), status.getLogicalTypeAnnotation());
      PrimitiveType time = schema.getType("fetch_time").asPrimitiveType();
      assertEquals(PrimitiveTypeName.INT64, time.getPrimitiveTypeName());
      assertEquals(
          LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS),
          time.getLogicalTypeAnnotation());
      for (String column : List.of("url_port", "warc_record_offset", "warc_record_length")) {
        PrimitiveType t = schema.getType(column).asPrimitiveType();
        assertEquals(column, PrimitiveTypeName.INT32, t.getPrimitiveTypeName());
        assertNull(column, t.getLogicalTypeAnnotation());
      }
    }
  }

  @Test
  public void rowsCarryTheFetchThatMadeTheirRecord() throws IOException {
    Map<String, WarcCaptureRecord> records = captureRecords();
    Set<String> redirectTargets = new TreeSet<>();
    for (Group row : rows()) {
      if (string(row, "fetch_redirect") != null) {
        redirectTargets.add(string(row, "fetch_redirect"));
      }
    }
    int pages = 0;
    int hops = 0;
    for (Group row : rows()) {
      String url = string(row, "url");
      URI uri = URI.create(url);
      assertEquals(url, uri.getHost(), string(row, "url_host_name"));
      assertEquals(url, uri.getPort(), row.getInteger("url_port", 0));
      assertEquals(url, "http", string(row, "url_protocol"));
      assertNull(
          "loopback addresses have no registered domain",
          string(row, "url_host_registered_domain"));
      assertNotNull(url, string(row, "warc_segment"));
      WarcCaptureRecord record =
          records.get(string(row, "warc_filename") + " " + row.getInteger("warc_record_offset", 0));
      // to the millisecond but for two fetches of the URL in one second, which CDXJ cannot tell
      // apart
      assertEquals(url, record.date().getEpochSecond(), row.getLong("fetch_time", 0) / 1_000_000);
      if (string(row, "crawl_status") == null) {
        // a later hop of a redirect followed inline: the crawl keeps the fetch under the first URL
        assertTrue(url + " is a redirect's target", redirectTargets.contains(url));
        hops++;
      } else if (row.getInteger("fetch_status", 0) == 200 && record instanceof WarcResponse) {
        assertEquals(url, "text/html", string(row, "content_mime_detected"));
        assertEquals(url, "ok", string(row, "fetch_reason"));
        pages++;
      }
    }
    assertTrue("pages were checked: " + pages, pages > 5);
    assertTrue("redirects followed inline were indexed: " + hops, hops > 0);
  }
}
