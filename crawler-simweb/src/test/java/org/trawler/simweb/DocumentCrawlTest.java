package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.WritableUtils;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcResponse;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.warc.WarcReading;
import org.trawler.simweb.SiteModel.DocType;

/**
 * A crawl with default settings (but no politeness delay and links kept on their host) of a site
 * where 40 % of the pages are documents: PDF, DOCX, ODT, plain text, RSS and Atom feeds, and of a
 * second host serving the hostile set (HostileDocuments), each of which ends with its status and
 * reason while the rest is parsed. Every URL the model can reach is fetched, among them the pages
 * only a PDF links to and those only a feed links to; every document's own word finds exactly it;
 * the PDF sent as application/octet-stream and the feed sent as text/xml are read for what they
 * are; the 5 MB PDF is parsed whole; the index knows each document's type and author; a feed's
 * items carry their dates and the feed is due again when its next item is.
 */
public class DocumentCrawlTest {

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static HostileSite hostile;
  private static SignalsSite signals;
  private static File trainable;
  private static SiteModel web;
  private static Configuration conf;
  private static Path crawl;
  private static Path index;
  private static Map<String, Integer> depths;
  private static Map<String, CrawlDatum> db;
  private static Map<String, ParseData> parsed;
  private static Map<String, ParseText> texts;
  private static File warcs;

  /** Two hosts of 20 pages, links on their own host, every URL within 3 hops of a home page. */
  static SiteModel.Builder site() {
    return SiteModel.builder()
        .hosts(2)
        .pages(20)
        .outlinks(3)
        .pageKb(2)
        .seed(11)
        .crossHostPct(0)
        .redirectPct(0)
        .notFoundPct(0)
        .errorPct(0)
        .disallowPct(0)
        .docsPct(40);
  }

  @BeforeClass
  public static void crawlTheSite() throws Exception {
    server = SimWebServer.builder(site().port(0).build()).build().start();
    web = server.site();
    depths = web.linkDepths();
    File seeds = TMP.newFolder("seeds");
    web.writeSeeds(seeds.toPath(), false);
    hostile = HostileSite.start();
    java.nio.file.Files.writeString(
        seeds.toPath().resolve("hostile.txt"), hostile.home() + "\n", StandardCharsets.UTF_8);
    signals = SignalsSite.start(); // its owners' signals ride along: docs/site-owner-signals.md
    java.nio.file.Files.write(seeds.toPath().resolve("signals.txt"), signals.homes());
    crawl = new Path(TMP.newFolder("crawl").getAbsolutePath());
    index = new Path(crawl, "index");

    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    conf.set("db.ignore.external.links", "true");

    warmBigPdf();
    int rounds = maxDepth() + 1;
    run(
        "run",
        seeds.getPath(),
        crawl.toString(),
        String.valueOf(rounds),
        "--index",
        index.toString());
    warcs = TMP.newFolder("warc");
    run("warc", warcs.getPath(), "-dir", new Path(crawl, "segments").toString());
    trainable = new File(TMP.getRoot(), "trainable");
    run(
        "index",
        "-D",
        "indexer.writers=jsonl",
        "-D",
        "export.require.usage=ai-train",
        trainable.getPath(),
        new Path(crawl, "crawldb").toString(),
        "-dir",
        new Path(crawl, "segments").toString());
    db =
        new TreeMap<>(
            LocalJobFixtures.readAll(
                conf,
                VersionedDb.current(new Path(crawl, "crawldb")),
                new CrawlDatum(),
                CrawlDatum::new));
    parsed = new TreeMap<>();
    texts = new TreeMap<>();
    FileSystem fs = crawl.getFileSystem(conf);
    for (FileStatus seg : fs.listStatus(new Path(crawl, "segments"))) {
      parsed.putAll(
          LocalJobFixtures.readAll(
              conf,
              new Path(seg.getPath(), Segment.PARSE_DATA),
              new ParseData(),
              v -> WritableUtils.clone(v, conf)));
      texts.putAll(
          LocalJobFixtures.readAll(
              conf,
              new Path(seg.getPath(), Segment.PARSE_TEXT),
              new ParseText(),
              v -> new ParseText(v.getText())));
    }
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
    if (hostile != null) {
      hostile.close();
    }
    if (signals != null) {
      signals.close();
    }
  }

  /**
   * Asks simweb for the 5 MB PDF once before the crawl: simweb makes it on first request, which on
   * a loaded machine can take longer than http.timeout (the fetch would be a retry due tomorrow).
   */
  private static void warmBigPdf() throws Exception {
    for (String url : depths.keySet()) {
      if (web.isBigPdf(url)) {
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                    .timeout(java.time.Duration.ofMinutes(5))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
      }
    }
  }

  private static int maxDepth() {
    int max = 0;
    for (int d : depths.values()) {
      max = Math.max(max, d);
    }
    return max;
  }

  private static String run(String... args) throws Exception {
    return EndToEndCrawl.runHere(conf, args);
  }

  /** The URLs of every hit of a search, none when it finds nothing. */
  private static Set<String> search(String query) throws Exception {
    return EndToEndCrawl.searchHere(conf, index.toString(), query);
  }

  private static List<String> reachable(DocType type) {
    List<String> urls = new ArrayList<>();
    for (String url : depths.keySet()) {
      if (web.docType(url) == type) {
        urls.add(url);
      }
    }
    return urls;
  }

  @Test
  public void theSiteHasEveryKindOfDocumentWithinReach() {
    Set<DocType> types = EnumSet.noneOf(DocType.class);
    int big = 0;
    int octet = 0;
    int xml = 0;
    for (String url : depths.keySet()) {
      DocType type = web.docType(url);
      if (type == null) {
        continue;
      }
      types.add(type);
      big += web.isBigPdf(url) ? 1 : 0;
      octet += web.servedType(url).equals("application/octet-stream") ? 1 : 0;
      xml += web.servedType(url).startsWith("text/xml") ? 1 : 0;
    }
    assertEquals(EnumSet.allOf(DocType.class), types);
    assertEquals(1, big);
    assertEquals(1, octet);
    assertEquals(1, xml);
  }

  @Test
  public void everyUrlTheModelReachesIsFetchedDocumentsAndTheirOnlyLinksIncluded() {
    Set<String> expected = new TreeSet<>(depths.keySet());
    expected.addAll(hostile.urls());
    expected.addAll(signals.urls());
    assertEquals(expected, db.keySet());
    int onlyFromDocuments = 0;
    for (String url : depths.keySet()) {
      CrawlDatum d = db.get(url);
      assertEquals(url + ": " + d, CrawlStatus.DB_FETCHED, d.getStatus());
      onlyFromDocuments += web.isOnlyLinkedFromDocument(url) ? 1 : 0;
    }
    assertTrue(onlyFromDocuments >= 2 * SiteModel.NEWS_PER_FEED);
  }

  @Test
  public void everyLinkInsideAPdfIsFollowedWithItsAnchor() {
    List<String> pdfs = reachable(DocType.PDF);
    assertFalse(pdfs.isEmpty());
    for (String pdf : pdfs) {
      ParseData data = parsed.get(pdf);
      assertEquals(pdf + ": " + data, ParseData.SUCCESS, data.getStatus());
      List<String> links = new ArrayList<>();
      for (Outlink o : data.getOutlinks()) {
        links.add(o.getToUrl());
      }
      assertEquals(pdf, web.outlinksOf(pdf), links);
      for (String to : links) {
        assertEquals(to, CrawlStatus.DB_FETCHED, db.get(to).getStatus());
      }
    }
  }

  @Test
  public void everyFeedItemIsAnOutlinkWithItsTitleAndDateAndIsFetched() {
    List<String> feeds = new ArrayList<>(reachable(DocType.RSS));
    feeds.addAll(reachable(DocType.ATOM));
    assertTrue(feeds.size() >= 2);
    for (String feed : feeds) {
      ParseData data = parsed.get(feed);
      assertEquals(feed + ": " + data, ParseData.SUCCESS, data.getStatus());
      List<String> expected = new ArrayList<>();
      for (SiteModel.FeedItem item : web.feedItems(feed)) {
        expected.add(
            item.url()
                + " ["
                + item.title()
                + "] {published="
                + item.published().toEpochMilli()
                + "}");
        assertEquals(item.url(), CrawlStatus.DB_FETCHED, db.get(item.url()).getStatus());
      }
      List<String> actual = new ArrayList<>();
      for (Outlink o : data.getOutlinks()) {
        actual.add(o.toString());
      }
      assertEquals(feed, expected, actual);
      String text = texts.get(feed).getText();
      for (SiteModel.FeedItem item : web.feedItems(feed)) {
        assertTrue(feed + ": " + text, text.contains(item.title()));
        assertTrue(feed + ": " + text, text.contains(item.summary()));
      }
    }
  }

  @Test
  public void aFeedIsDueAgainWhenItsNextItemIs() {
    for (DocType type : List.of(DocType.RSS, DocType.ATOM)) {
      for (String feed : reachable(type)) {
        CrawlDatum d = db.get(feed);
        int seconds = web.feedItemGapHours(feed) * 3600;
        assertEquals(feed, seconds, d.getMetaInt(MetadataKeys.FEED, -1));
        assertEquals(feed, seconds, d.getFetchInterval());
      }
    }
    for (String url : depths.keySet()) {
      DocType type = web.docType(url);
      if (type == null || !type.isFeed()) {
        assertFalse(url, db.get(url).getMetadata().containsKey(MetadataKeys.FEED));
      }
    }
  }

  @Test
  public void everyDocumentsOwnWordFindsExactlyIt() throws Exception {
    int checked = 0;
    for (String url : depths.keySet()) {
      DocType type = web.docType(url);
      if (type == null || type.isFeed()) {
        continue;
      }
      assertEquals(url + " (" + type + ")", Set.of(url), search(web.documentWord(url)));
      checked++;
    }
    assertTrue(checked >= 6);
  }

  @Test
  public void aFeedIsFoundByItsItemsSummaries() throws Exception {
    for (DocType type : List.of(DocType.RSS, DocType.ATOM)) {
      for (String feed : reachable(type)) {
        String summary = web.feedItems(feed).get(0).summary();
        String phrase = "\"" + summary.replaceAll("[^A-Za-z ]", "") + "\"";
        assertTrue(feed + " for " + phrase, search(phrase).contains(feed));
      }
    }
  }

  @Test
  public void aPdfSentAsOctetStreamAndAFeedSentAsTextXmlAreReadForWhatTheyAre() throws Exception {
    for (String url : depths.keySet()) {
      String served = web.servedType(url);
      if (served == null) {
        continue;
      }
      DocType type = web.docType(url);
      ParseData data = parsed.get(url);
      assertEquals(url + " sent as " + served + ": " + data, ParseData.SUCCESS, data.getStatus());
      assertEquals(url + " sent as " + served, type.mimeType(), detectedType(data));
    }
  }

  @Test
  public void thePdfOver5MbIsFetchedWholeAndParsed() throws Exception {
    for (String url : reachable(DocType.PDF)) {
      if (web.isBigPdf(url)) {
        assertEquals(url, ParseData.SUCCESS, parsed.get(url).getStatus());
        assertEquals(Set.of(url), search(web.documentWord(url)));
        return;
      }
    }
    throw new AssertionError("no big PDF within reach");
  }

  @Test
  public void theIndexKnowsEachDocumentsTypeAndAuthor() throws Exception {
    for (DocType type : List.of(DocType.PDF, DocType.DOCX, DocType.ODT)) {
      Set<String> expected = new TreeSet<>(reachable(type));
      Set<String> found = search(typeQuery(type));
      found.removeAll(hostile.urls());
      found.removeAll(signals.urls()); // the signals site's PDF, checked with its signals
      assertEquals(type.toString(), expected, found);
    }
    Map<String, Set<String>> byAuthor = new TreeMap<>();
    for (String url : depths.keySet()) {
      String author = web.authorOf(url);
      if (author != null) {
        byAuthor.computeIfAbsent(author, a -> new TreeSet<>()).add(url);
      }
    }
    assertTrue(byAuthor.size() >= 2);
    for (Map.Entry<String, Set<String>> e : byAuthor.entrySet()) {
      assertEquals(e.getKey(), e.getValue(), search("author:\"" + e.getKey() + "\""));
    }
  }

  @Test
  public void eachHostileDocumentEndsWithItsStatusAndReasonAndTheRestIsParsed() {
    Map<String, String> outcomes = new TreeMap<>();
    for (String url : hostile.urls()) {
      ParseData data = parsed.get(url);
      outcomes.put(
          url,
          data == null
              ? "not parsed"
              : ParseData.statusName(data.getStatus())
                  + " "
                  + data.getMeta().get(ParseData.META_REASON));
    }
    assertEquals(hostile.expectedOutcomes(), outcomes);
    for (String url : depths.keySet()) {
      if (web.docType(url) != null) {
        assertEquals(url, ParseData.SUCCESS, parsed.get(url).getStatus());
      }
    }
  }

  @Test
  public void theWarcExportKeepsEachPdfWithThePayloadDigestOfItsBytes() throws Exception {
    Map<String, WarcReading.Entry> responses = new TreeMap<>();
    for (File warc : warcs.listFiles((d, n) -> n.endsWith(".warc.gz"))) {
      for (WarcReading.Entry e : WarcReading.entries(warc)) {
        if (e.record() instanceof WarcResponse r) {
          responses.put(r.target(), e);
        }
      }
    }
    SiteResponses served = new SiteResponses(web);
    List<String> pdfs = reachable(DocType.PDF);
    assertTrue(pdfs.size() >= 2);
    for (String pdf : pdfs) {
      WarcReading.Entry entry = responses.get(pdf);
      assertTrue(pdf + " archived", entry != null);
      byte[] payload = entry.http().body().stream().readAllBytes();
      byte[] bytes =
          served.get(web.locate(pdf).host(), java.net.URI.create(pdf).getRawPath(), null).body();
      assertTrue(pdf + ": the bytes served", java.util.Arrays.equals(bytes, payload));
      String sha1 =
          new WarcDigest("sha1", java.security.MessageDigest.getInstance("SHA-1").digest(bytes))
              .base32();
      assertEquals(pdf, sha1, ((WarcResponse) entry.record()).payloadDigest().get().base32());
    }
  }

  private static String typeQuery(DocType type) {
    return "type:\"" + type.mimeType() + "\"";
  }

  private static String detectedType(ParseData data) {
    return data.getMeta().get("type");
  }

  /** The signals parse recorded for {@code url}: field=value (from), sorted. */
  private static List<String> recordedSignals(String url) {
    List<String> fields = new ArrayList<>();
    for (Map.Entry<String, String> e : new TreeMap<>(parsed.get(url).getMeta()).entrySet()) {
      String k = e.getKey();
      if ((k.startsWith("usage.") || k.startsWith("tdm.") || k.startsWith("robots."))
          && !k.endsWith(".from")) {
        fields.add(
            k + "=" + e.getValue() + " (" + parsed.get(url).getMeta().get(k + ".from") + ")");
      }
    }
    return fields;
  }

  @Test
  public void eachPageRecordsWhatItsOwnerAllowsAndWhereItSaidSo() {
    String star = "usage.ai-train=no (robots.txt:*)";
    String search = "usage.search=yes (robots.txt:*)";
    assertEquals(List.of(star, search), recordedSignals(signals.url(0, "/")));
    assertEquals(List.of(star, search), recordedSignals(signals.url(0, "/header-usage")));
    assertEquals(
        List.of("robots.noindex=yes (header)", star, search),
        recordedSignals(signals.url(0, "/noindex")));
    assertEquals(
        List.of("robots.nosnippet=yes (meta)", star, search),
        recordedSignals(signals.url(0, "/nosnippet")));
    assertEquals(
        List.of(
            "tdm.policy=https://owner.test/p.json (header)",
            "tdm.reserved=yes (header)",
            star,
            search),
        recordedSignals(signals.url(0, "/tdm")));
    assertEquals(
        List.of("robots.noarchive=yes (meta)", star, search),
        recordedSignals(signals.url(0, "/agents")));
    assertEquals(
        List.of("robots.unavailable_after=2023-01-01T00:00:00Z (header)", star, search),
        recordedSignals(signals.url(0, "/dated")));
    assertEquals(
        List.of("robots.max-snippet=12 (meta)", star, search),
        recordedSignals(signals.url(0, "/snippet")));
    // a PDF: its headers through the same reader as HTML's (no meta tags)
    assertEquals("application/pdf", detectedType(parsed.get(signals.url(0, "/doc.pdf"))));
    assertEquals(
        List.of("robots.noarchive=yes (header)", "tdm.reserved=yes (header)", star, search),
        recordedSignals(signals.url(0, "/doc.pdf")));
    String ours = "usage.ai-input=no (robots.txt:trawler)";
    assertEquals(List.of(ours), recordedSignals(signals.url(1, "/")));
    // 127.0.0.5's tdmrep.json: the first rule whose location matches the path applies
    assertEquals(
        List.of("tdm.reserved=no (tdmrep.json)", ours, "usage.ai-train=yes (robots.txt:trawler)"),
        recordedSignals(signals.url(1, "/open/page")));
    assertEquals(
        List.of(
            "tdm.policy=https://owner.test/tdm.json (tdmrep.json)",
            "tdm.reserved=yes (tdmrep.json)",
            ours),
        recordedSignals(signals.url(1, "/reserved/page")));
    assertEquals(
        List.of("tdm.reserved=yes (meta)", ours), recordedSignals(signals.url(1, "/tdm-meta")));
    assertEquals(List.of(ours), recordedSignals(signals.url(1, "/bad")));
  }

  @Test
  public void noindexIsNotIndexedNosnippetHasNoSnippetAndTheExportFilterLeavesRefusals()
      throws Exception {
    Set<String> quolls = search("quolls");
    Set<String> pages = new TreeSet<>(signals.urls());
    pages.removeAll(signals.homes());
    pages.remove(signals.url(0, "/noindex"));
    pages.remove(signals.url(0, "/dated")); // its unavailable_after (2023) has passed
    assertEquals(pages, quolls);
    String hits =
        EndToEndCrawl.runHere(conf, "search", index.toString(), "quolls nosnippet", "-json");
    assertTrue(hits, hits.contains("\"snippet\":\"\""));
    String capped =
        EndToEndCrawl.runHere(conf, "search", index.toString(), "quolls snippet", "-json");
    String snippet =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(capped.lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow())
            .path("snippet")
            .asText();
    String seen = snippet.replace("[", "").replace("]", "");
    assertTrue(capped, !seen.isEmpty() && seen.length() <= 12); // max-snippet:12

    Set<String> exported = new TreeSet<>();
    for (File f : new File(trainable, "current").listFiles((d, n) -> n.endsWith(".jsonl"))) {
      for (String line : java.nio.file.Files.readAllLines(f.toPath())) {
        String id =
            new com.fasterxml.jackson.databind.ObjectMapper().readTree(line).path("id").asText();
        if (signals.urls().contains(id)) {
          exported.add(id);
        }
      }
    }
    // host 127.0.0.4 says ai-train=no for every page; on 127.0.0.5 the TDM reservation refuses
    assertEquals(
        new TreeSet<>(
            List.of(signals.url(1, "/"), signals.url(1, "/open/page"), signals.url(1, "/bad"))),
        exported);
  }
}
