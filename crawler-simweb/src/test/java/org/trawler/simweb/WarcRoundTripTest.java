package org.trawler.simweb;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTargetRecord;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.Segment;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.warc.WarcReading;

/**
 * Crawl simweb (redirects followed inline and not, 404s, 500s, robots-disallowed pages,
 * gzip-encoded pages, pages cut at http.content.limit), re-fetch it for 304s, export the segments
 * as WARC and read every record back with jwarc: payloads are the bytes simweb served, digests
 * verify, requests and revisits point at records that exist, IP addresses are the loopback
 * addresses served from, and each CDXJ line leads to its record as one gzip member. The fetch
 * task's own WARC files (fetcher.store.warc) hold the same captures. The WAT and WET files written
 * beside each WARC file (-wat -wet) are read back too: a WAT record per WARC record at its offset,
 * a WET record per parsed page with its text, every WARC-Refers-To resolving, every digest
 * verifying.
 */
public class WarcRoundTripTest {
  private static final int CONTENT_LIMIT = 8192;
  private static final Pattern LENGTH_OFFSET =
      Pattern.compile("\"length\":\"(\\d+)\",\"offset\":\"(\\d+)\",\"filename\":\"([^\"]+)\"");

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static SiteModel web;
  private static SiteResponses responses;
  private static Configuration conf;
  private static Path crawl;
  private static File out;
  private static String exportOutput;
  private static final List<WarcRecord> RECORDS = new ArrayList<>();
  private static final Map<URI, WarcRecord> BY_ID = new HashMap<>();
  private static final Map<URI, WarcReading.Entry> ENTRIES = new HashMap<>();

  @BeforeClass
  public static void crawlExportAndRead() throws Exception {
    server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(2)
                    .pages(40)
                    .outlinks(5)
                    .pageKb(2)
                    .port(0)
                    .seed(5)
                    .redirectPct(10)
                    .notFoundPct(10)
                    .errorPct(10)
                    .disallowPct(10)
                    .gzipEvery(3)
                    .largeEvery(7)
                    .build())
            .build()
            .start();
    web = server.site();
    responses = new SiteResponses(web);
    File seeds = TMP.newFolder("seeds");
    web.writeSeeds(seeds.toPath(), false);
    crawl = new Path(TMP.newFolder("crawl").getAbsolutePath());
    out = new File(TMP.getRoot(), "warc");

    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    conf.set("http.timeout", "5000");
    conf.setInt("http.content.limit", CONTENT_LIMIT);
    conf.setInt("http.redirect.max", 1);
    conf.setBoolean("fetcher.store.warc", true);
    conf.setInt("mapreduce.job.reduces", 1); // one task sees every payload: revisits are certain

    run("run", seeds.getPath(), crawl.toString(), "3");
    run("run", seeds.getPath(), crawl.toString(), "1", "--adddays", "31");
    exportOutput =
        run(
            "warc",
            out.getPath(),
            "-dir",
            new Path(crawl, "segments").toString(),
            "-cdx",
            "-maxSize",
            "40k",
            "-wat",
            "-wet");
    for (File warc : warcFiles(out)) {
      List<WarcReading.Entry> entries = WarcReading.entries(warc);
      assertEquals(warc + " begins with warcinfo", "warcinfo", entries.get(0).record().type());
      for (WarcReading.Entry e : entries) {
        RECORDS.add(e.record());
        BY_ID.put(e.record().id(), e.record());
        ENTRIES.put(e.record().id(), e);
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

  private static File[] warcFiles(File dir) {
    File[] files = dir.listFiles((d, n) -> n.endsWith(".warc.gz"));
    Arrays.sort(files);
    return files;
  }

  private static List<WarcCaptureRecord> captures() {
    List<WarcCaptureRecord> captures = new ArrayList<>();
    for (WarcRecord r : RECORDS) {
      if (r instanceof WarcResponse || r instanceof WarcRevisit) {
        captures.add((WarcCaptureRecord) r);
      }
    }
    return captures;
  }

  /** What simweb sent for a URL, decoded. */
  private static SiteResponses.Response served(String url) throws IOException {
    SiteModel.Page page = web.locate(url);
    return responses.get(page.host(), URI.create(url).getRawPath(), null);
  }

  private static byte[] decoded(SiteResponses.Response r) throws IOException {
    return "gzip".equals(r.headers().get("Content-Encoding"))
        ? new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes()
        : r.body();
  }

  private static String sha1(byte[] bytes) throws Exception {
    return new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(bytes)).base32();
  }

  @Test
  public void theExportSaysWhatItWrote() {
    assertTrue(exportOutput, exportOutput.matches("(?s)warc: \\d+ URLs archived in \\d+ files.*"));
    assertTrue("rotated at -maxSize", warcFiles(out).length > 1);
  }

  @Test
  public void theOutputFolderHoldsOnlyWarcWatWetAndCdxjFiles() {
    assertOnly(out, ".warc.gz", ".warc.wat.gz", ".warc.wet.gz", ".cdxj");
  }

  @Test
  public void eachSegmentsWarcFolderHoldsOnlyWarcAndCdxjFiles() {
    for (File segment : new File(crawl.toString(), "segments").listFiles()) {
      assertOnly(new File(segment, Segment.WARC), ".warc.gz", ".cdxj");
    }
  }

  /** No Hadoop .crc, _SUCCESS or part file beside them: WARC tools get the folder as it is. */
  private static void assertOnly(File dir, String... suffixes) {
    String[] names = dir.list();
    assertTrue(dir + " holds WARC files", names.length > 0);
    for (String name : names) {
      assertTrue(dir + ": " + name, Arrays.stream(suffixes).anyMatch(name::endsWith));
    }
  }

  @Test
  public void eachResponsePayloadIsWhatSimwebServedAndItsDigestsVerify() throws Exception {
    int gzipped = 0;
    int truncated = 0;
    int checked = 0;
    for (WarcRecord r : RECORDS) {
      if (!(r instanceof WarcResponse response)) {
        continue;
      }
      WarcReading.Entry entry = ENTRIES.get(response.id());
      byte[] block = entry.block();
      assertEquals(response.blockDigest().get().base32(), sha1(block));
      HttpResponse http = entry.http();
      byte[] payload = http.body().stream().readAllBytes();
      assertEquals(response.target(), response.payloadDigest().get().base32(), sha1(payload));
      SiteResponses.Response served = served(response.target());
      assertEquals(response.target(), served.status(), http.status());
      byte[] expected = decoded(served);
      if (response.truncated() == WarcTruncationReason.LENGTH) {
        truncated++;
        assertEquals(CONTENT_LIMIT, payload.length);
        assertArrayEquals(Arrays.copyOf(expected, CONTENT_LIMIT), payload);
      } else {
        assertArrayEquals(response.target(), expected, payload);
      }
      assertEquals(Long.toString(payload.length), http.headers().first("Content-Length").get());
      assertFalse(http.headers().first("Content-Encoding").isPresent());
      if (http.headers().first("X-Crawler-Content-Encoding").isPresent()) {
        gzipped++;
      }
      checked++;
    }
    assertTrue("gzip-encoded pages were archived", gzipped > 0);
    assertTrue("pages cut at the limit were archived", truncated > 0);
    assertTrue(checked > 20);
  }

  @Test
  public void redirectsErrorsAndNotModifiedAreArchivedDisallowedPagesAreNot() throws Exception {
    Set<Integer> statuses = new TreeSet<>();
    Set<String> targets = new TreeSet<>();
    for (WarcCaptureRecord c : captures()) {
      targets.add(c.target());
      assertFalse(c.target(), web.kindOf(c.target()) == SiteModel.Kind.DISALLOWED);
      statuses.add(ENTRIES.get(c.id()).http().status());
    }
    assertTrue(statuses.toString(), statuses.containsAll(List.of(200, 404, 500, 304)));
    assertTrue(statuses.toString(), statuses.contains(301) || statuses.contains(302));
    for (String url : fetchedUrls()) {
      if (web.kindOf(url) != SiteModel.Kind.DISALLOWED) {
        assertTrue(url + " was fetched over HTTP but is not archived", targets.contains(url));
      }
    }
  }

  private static Set<String> fetchedUrls() throws Exception {
    Set<String> fetched = new TreeSet<>();
    for (File segment : new File(crawl.toString(), "segments").listFiles()) {
      fetched.addAll(
          LocalJobFixtures.readAll(
                  conf,
                  new Path(new Path(segment.getPath()), Segment.CRAWL_FETCH),
                  new CrawlDatum(),
                  CrawlDatum::new)
              .keySet());
    }
    return fetched;
  }

  @Test
  public void eachRequestHasItsResponseAndEachResponseItsRequest() {
    Map<URI, Integer> requestsOf = new HashMap<>();
    for (WarcRecord r : RECORDS) {
      if (r instanceof WarcRequest request) {
        assertEquals(1, request.concurrentTo().size());
        WarcRecord of = BY_ID.get(request.concurrentTo().get(0));
        assertNotNull("the request's response exists", of);
        assertEquals(request.target(), ((WarcTargetRecord) of).target());
        requestsOf.merge(of.id(), 1, Integer::sum);
      }
    }
    for (WarcCaptureRecord c : captures()) {
      assertEquals(c.target(), Integer.valueOf(1), requestsOf.get(c.id()));
    }
  }

  @Test
  public void eachRevisitRefersToARecordThatExists() throws Exception {
    int notModified = 0;
    int identical = 0;
    for (WarcCaptureRecord c : captures()) {
      if (!(c instanceof WarcRevisit revisit)) {
        continue;
      }
      assertTrue(revisit.target() + " refers to a record", revisit.refersTo().isPresent());
      WarcTargetRecord of = (WarcTargetRecord) BY_ID.get(revisit.refersTo().get());
      assertNotNull("the revisited record exists", of);
      assertEquals(of.target(), revisit.refersToTargetURI().get().toString());
      assertEquals(of.date(), revisit.refersToDate().get());
      if (revisit.profile().equals(WarcRevisit.SERVER_NOT_MODIFIED_1_1)) {
        notModified++;
        assertEquals(revisit.target(), of.target());
      } else {
        identical++;
        assertEquals(of.payloadDigest(), revisit.payloadDigest());
      }
    }
    assertTrue("304s became server-not-modified revisits", notModified > 0);
    assertTrue("repeated payloads became identical-payload revisits", identical > 0);
  }

  @Test
  public void theIpAddressIsTheLoopbackAddressThePageWasServedFrom() throws Exception {
    for (WarcCaptureRecord c : captures()) {
      InetAddress expected = InetAddress.getByName(URI.create(c.target()).getHost());
      assertEquals(c.target(), expected, c.ipAddress().get());
    }
  }

  @Test
  public void eachCdxjLineLeadsToItsRecordAsOneGzipMember() throws Exception {
    int lines = 0;
    for (File cdxj : out.listFiles((d, n) -> n.endsWith(".cdxj"))) {
      List<String> all = Files.readAllLines(cdxj.toPath());
      List<String> sorted = new ArrayList<>(all);
      sorted.sort(null);
      assertEquals(cdxj + " is sorted by SURT", sorted, all);
      for (String line : all) {
        Matcher m = LENGTH_OFFSET.matcher(line);
        assertTrue(line, m.find());
        File warc = new File(out, m.group(3));
        WarcRecord r =
            WarcReading.recordAt(warc, Long.parseLong(m.group(2)), Long.parseLong(m.group(1)));
        assertTrue(line, r instanceof WarcResponse || r instanceof WarcRevisit);
        assertTrue(line, line.contains("{\"url\":\"" + ((WarcTargetRecord) r).target() + "\""));
        lines++;
      }
    }
    assertEquals(captures().size(), lines);
  }

  @Test
  public void theFetchTasksOwnWarcFilesHoldTheSameCaptures() throws Exception {
    Set<String> exported = new TreeSet<>();
    for (WarcCaptureRecord c : captures()) {
      exported.add(c.target() + " " + c.date());
    }
    Set<String> fromFetch = new TreeSet<>();
    for (File segment : new File(crawl.toString(), "segments").listFiles()) {
      File dir = new File(segment, Segment.WARC);
      assertTrue(dir + " exists", dir.isDirectory());
      for (File warc : warcFiles(dir)) {
        for (WarcRecord r : WarcReading.records(warc)) {
          if (r instanceof WarcResponse || r instanceof WarcRevisit) {
            fromFetch.add(((WarcTargetRecord) r).target() + " " + r.date());
          }
        }
      }
    }
    assertEquals(exported, fromFetch);
  }

  private static File beside(File warc, String suffix) {
    String name = warc.getName();
    return new File(warc.getParentFile(), name.substring(0, name.length() - 8) + suffix);
  }

  @Test
  public void eachWarcFileHasItsWatAndWetFileBeside() {
    File[] warcs = warcFiles(out);
    for (File warc : warcs) {
      assertTrue(warc + " has its WAT", beside(warc, ".warc.wat.gz").isFile());
      assertTrue(warc + " has its WET", beside(warc, ".warc.wet.gz").isFile());
    }
    assertEquals(warcs.length, out.list((d, n) -> n.endsWith(".warc.wat.gz")).length);
    assertEquals(warcs.length, out.list((d, n) -> n.endsWith(".warc.wet.gz")).length);
  }

  @Test
  public void theWatHasOneMetadataRecordPerWarcRecordAtItsOffsetWithDigestsThatVerify()
      throws Exception {
    int pagesWithLinks = 0;
    for (File warc : warcFiles(out)) {
      List<WarcRecord> archived = new ArrayList<>();
      List<Long> offsets = new ArrayList<>();
      try (WarcReader reader = new WarcReader(warc.toPath())) {
        for (WarcRecord r : reader) {
          archived.add(r);
          offsets.add(r.position());
        }
      }
      List<WarcReading.Entry> wat = WarcReading.entries(beside(warc, ".warc.wat.gz"));
      assertEquals("warcinfo", wat.get(0).record().type());
      assertEquals(warc + ": one WAT record per WARC record", archived.size(), wat.size() - 1);
      for (int i = 0; i < archived.size(); i++) {
        WarcRecord of = archived.get(i);
        WarcReading.Entry e = wat.get(i + 1);
        assertEquals("metadata", e.record().type());
        assertEquals("<" + of.id() + ">", e.record().headers().first("WARC-Refers-To").get());
        assertVerifies(e);
        String json = new String(e.block(), StandardCharsets.UTF_8);
        assertTrue(
            json,
            json.startsWith(
                "{\"Container\":{\"Filename\":\""
                    + warc.getName()
                    + "\",\"Compressed\":true,\"Offset\":\""
                    + offsets.get(i)
                    + "\"}"));
        assertTrue(json, json.contains("\"WARC-Record-ID\":\"<" + of.id() + ">\""));
        pagesWithLinks += json.contains("\"Links\":[{\"path\":\"A@/href\"") ? 1 : 0;
      }
    }
    assertTrue("HTML pages' links are in their WAT records", pagesWithLinks > 20);
  }

  @Test
  public void theWetHasOneConversionRecordPerParsedPageWithItsText() throws Exception {
    List<String> expected = new ArrayList<>();
    for (File segment : new File(crawl.toString(), "segments").listFiles()) {
      Path dir = new Path(segment.getPath());
      Map<String, Byte> parsed =
          LocalJobFixtures.readAll(
              conf, new Path(dir, Segment.PARSE_DATA), new ParseData(), ParseData::getStatus);
      Map<String, String> texts =
          LocalJobFixtures.readAll(
              conf, new Path(dir, Segment.PARSE_TEXT), new ParseText(), ParseText::getText);
      for (Map.Entry<String, String> t : texts.entrySet()) {
        if (parsed.get(t.getKey()) == ParseData.SUCCESS && !t.getValue().isEmpty()) {
          expected.add(t.getValue());
        }
      }
    }
    List<String> written = new ArrayList<>();
    for (File warc : warcFiles(out)) {
      List<WarcReading.Entry> wet = WarcReading.entries(beside(warc, ".warc.wet.gz"));
      assertEquals("warcinfo", wet.get(0).record().type());
      for (WarcReading.Entry e : wet.subList(1, wet.size())) {
        WarcConversion c = (WarcConversion) e.record();
        assertVerifies(e);
        WarcTargetRecord of = (WarcTargetRecord) BY_ID.get(c.refersTo().get());
        assertNotNull("the page's response exists", of);
        assertTrue(of instanceof WarcResponse || of instanceof WarcRevisit);
        assertEquals(of.target(), c.target());
        assertEquals(of.date(), c.date());
        written.add(new String(e.block(), StandardCharsets.UTF_8));
      }
    }
    expected.sort(null);
    written.sort(null);
    assertTrue("pages were parsed", expected.size() > 20);
    assertEquals(expected, written);
  }

  /** The record's Content-Length is its block's length and its block digest verifies. */
  private static void assertVerifies(WarcReading.Entry e) throws Exception {
    WarcRecord r = e.record();
    assertEquals(r.headers().first("Content-Length").get(), Integer.toString(e.block().length));
    assertEquals(r.blockDigest().get().base32(), sha1(e.block()));
  }
}
