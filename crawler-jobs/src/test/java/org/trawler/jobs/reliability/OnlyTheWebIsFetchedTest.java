package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * Only http: and https: URLs are ever fetched: the shipped URL filters keep other schemes out of
 * the crawldb (seeds and outlinks), and the fetcher refuses them itself, as fetch_gone with reason
 * scheme_not_allowed, when the filters are switched off. Nothing is read from the local disk.
 */
public class OnlyTheWebIsFetchedTest {
  private static final List<String> NOT_WEB =
      List.of(
          "file:///etc/passwd",
          "file://localhost/etc/hosts",
          "FILE:///etc/passwd",
          "ftp://127.0.0.1/pub/x",
          "jar:file:/etc/passwd!/x",
          "javascript:alert(1)",
          "mailto:someone@example.com",
          "data:text/html,<script>alert(1)</script>");

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private LoopbackSite web;
  private String site;

  @BeforeClass
  public static void startLogging() {
    LoggerFactory.getLogger(OnlyTheWebIsFetchedTest.class).info("scheme tests");
  }

  @Before
  public void startSite() throws IOException {
    web = new LoopbackSite(path -> "<html><body><a href=\"/next\">next</a></body></html>");
    site = web.url("");
  }

  @After
  public void stopSite() {
    web.close();
  }

  /** The shipped configuration (normalizers and filters as delivered), local mode. */
  private Configuration shippedConf() throws IOException {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    return conf;
  }

  @Test
  public void shippedFiltersKeepOtherSchemesOutOfTheCrawlDb() throws Exception {
    Configuration conf = shippedConf();
    File urls = tmp.newFolder("urls");
    List<String> seeds = new ArrayList<>(NOT_WEB);
    seeds.add(site + "/");
    seeds.add("https://127.0.0.1:1/secure");
    Files.write(new File(urls, "seeds.txt").toPath(), seeds);
    Path crawlDb = new Path(new File(tmp.getRoot(), "crawl/crawldb").getPath());

    CommandRun run = CommandRun.run(conf, "inject", crawlDb.toString(), urls.getPath());

    assertEquals(run.toString(), 0, run.exitCode);
    Set<String> injected = new TreeSet<>();
    PartFiles.read(
        conf,
        VersionedDb.current(crawlDb),
        new Text(),
        new CrawlDatum(),
        (k, v) -> injected.add(k.toString()));
    assertEquals(Set.of(site + "/", "https://127.0.0.1:1/secure"), injected);
  }

  @Test
  public void shippedFiltersDropOutlinksToOtherSchemes() throws Exception {
    Configuration conf = shippedConf();
    StringBuilder html = new StringBuilder("<html><body>");
    for (String url : NOT_WEB) {
      html.append("<a href=\"").append(url.replace("\"", "&quot;")).append("\">x</a>");
    }
    html.append("<a href=\"/page2\">web</a></body></html>");
    Content page =
        new Content(
            site + "/",
            site + "/",
            html.toString().getBytes(StandardCharsets.UTF_8),
            "text/html",
            false);
    page.getHeaders().put("Content-Type", "text/html; charset=utf-8");
    Path segment = new Path(new File(tmp.getRoot(), "crawl/segments/20240101000000").getPath());
    LocalJobFixtures.writeMapFile(
        conf,
        new Path(segment, Segment.CONTENT),
        Content.class,
        new TreeMap<>(Map.of(site + "/", page)));

    CommandRun run = CommandRun.run(conf, "parse", segment.toString());

    assertEquals(run.toString(), 0, run.exitCode);
    List<String> outlinks = new ArrayList<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.PARSE_DATA),
        new Text(),
        new ParseData(),
        (k, v) -> v.getOutlinks().forEach(o -> outlinks.add(o.getToUrl())));
    assertEquals(List.of(site + "/page2"), outlinks);
    Set<String> linked = new TreeSet<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CRAWL_PARSE),
        new Text(),
        new CrawlDatum(),
        (k, v) -> {
          if (v.getStatus() == CrawlStatus.LINKED) {
            linked.add(k.toString());
          }
        });
    assertEquals(Set.of(site + "/page2"), linked);
  }

  @Test
  public void fetcherRefusesOtherSchemesItselfWhenTheFiltersAreOff() throws Exception {
    Configuration conf = CrawlData.localConf(tmp); // no normalizers, no filters
    conf.set("fetcher.server.delay", "0.1");
    Path segment = new Path(new File(tmp.getRoot(), "crawl/segments/20240101000000").getPath());
    List<String> list = new ArrayList<>(NOT_WEB);
    list.add(site + "/");
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(segment, Segment.CRAWL_GENERATE + "/part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (String url : list) {
        w.append(new Text(url), CrawlData.entry(CrawlStatus.DB_UNFETCHED, 0));
      }
    }

    CommandRun run = CommandRun.run(conf, "fetch", segment.toString());

    assertEquals(run.toString(), 0, run.exitCode);
    Map<String, CrawlDatum> fetched = new TreeMap<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CRAWL_FETCH),
        new Text(),
        new CrawlDatum(),
        (k, v) -> fetched.put(k.toString(), new CrawlDatum(v)));
    assertEquals(new TreeSet<>(list), fetched.keySet());
    for (String url : NOT_WEB) {
      CrawlDatum d = fetched.get(url);
      assertEquals(url, "fetch_gone", d.statusLabel());
      String reason = d.getMetaString(MetadataKeys.PROTOCOL_STATUS);
      assertTrue(url + ": " + reason, reason.contains("scheme_not_allowed"));
    }
    assertEquals("fetch_success", (fetched.get(site + "/").getStatus()).label());
    Set<String> stored = new TreeSet<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CONTENT),
        new Text(),
        new Content(),
        (k, v) -> stored.add(k.toString()));
    assertEquals("content only of the web page", Set.of(site + "/"), stored);
    assertEquals(List.of("/"), web.pageRequests());
  }
}
