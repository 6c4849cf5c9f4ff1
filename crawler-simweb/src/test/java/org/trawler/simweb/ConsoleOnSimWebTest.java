package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.jsoup.Jsoup;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.console.report.ReportCommand;
import org.trawler.console.serve.ConsoleServer;
import org.trawler.console.serve.CrawlData;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.index.IndexShards;
import org.trawler.jobs.index.Search;
import org.trawler.jobs.layout.CrawlDir;

/**
 * {@code report} and {@code serve} on a 3-host simweb crawl with redirects, 404s, server errors and
 * robots.txt rules: the report's figures agree with what the rounds recorded, and the console
 * answers its pages.
 */
public class ConsoleOnSimWebTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer site;
  private static Configuration conf;
  private static CrawlDir crawl;
  private static JsonNode report;

  @BeforeClass
  public static void crawlAndReport() throws Exception {
    site =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(3)
                    .pages(30)
                    .outlinks(4)
                    .pageKb(2)
                    .seed(11)
                    .redirectPct(10)
                    .notFoundPct(10)
                    .errorPct(10)
                    .disallowPct(10)
                    .port(0)
                    .build())
            .build()
            .start();
    File seeds = TMP.newFolder("seeds");
    site.site().writeSeeds(seeds.toPath(), false);
    crawl = new CrawlDir(new Path(TMP.newFolder("crawl").getAbsolutePath()));
    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    conf.set("http.timeout", "5000");
    CommandRun run =
        CommandRun.run(
            conf,
            "run",
            seeds.getPath(),
            crawl.root().toString(),
            "3",
            "--index",
            new Path(crawl.root(), "index").toString(),
            "--hostdb");
    assertEquals(run.toString(), 0, run.exitCode);
    CommandRun rep = CommandRun.run(conf, "report", crawl.root().toString());
    assertEquals(rep.toString(), 0, rep.exitCode);
    report =
        new ObjectMapper()
            .readTree(new File(crawl.root().toString(), "report/" + ReportCommand.JSON_FILE));
  }

  @AfterClass
  public static void stop() {
    if (site != null) {
      site.close();
    }
  }

  private static long sum(JsonNode counts) {
    long n = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = counts.fields(); it.hasNext(); ) {
      n += it.next().getValue().asLong();
    }
    return n;
  }

  @Test
  public void reportFiguresAgreeWithTheRoundsRecorded() {
    JsonNode rounds = report.path("rounds");
    assertEquals(3, rounds.size());
    long fetches = 0;
    for (JsonNode r : rounds) {
      fetches += sum(r.path("fetched"));
    }
    // every fetch of every round is counted once by status, HTTP code and reason
    assertEquals(fetches, sum(report.path("fetchStatus")));
    assertEquals(fetches, sum(report.path("httpStatus")));
    assertEquals(fetches, sum(report.path("reasons")));
    long hostFetches = 0;
    for (JsonNode h : report.path("hosts")) {
      hostFetches += h.path("fetched").asLong() + h.path("errors").asLong();
      assertTrue(h.toString(), h.has("robots"));
    }
    assertEquals(fetches, hostFetches);
    assertEquals(3, report.path("hostCount").asLong());
    JsonNode last = rounds.get(2);
    assertEquals(last.path("crawldb"), report.path("crawldb"));
    assertTrue(report.path("httpStatus").has("404"));
    assertTrue(report.path("httpStatus").has("500"));
    assertTrue(report.path("reasons").has("robots_denied"));
    assertEquals(sum(report.path("crawldb")), sum(report.path("depth")));
  }

  @Test
  public void consoleServesTheCrawl() throws Exception {
    try (ConsoleServer server =
        ConsoleServer.start(
            new CrawlData(conf, crawl, new Path(crawl.root(), "index")),
            new InetSocketAddress("127.0.0.1", 0))) {
      HttpClient http = HttpClient.newHttpClient();
      String word = SiteModel.MARKER_WORD;
      long expected;
      try (IndexShards shards = IndexShards.open(conf, new Path(crawl.root(), "index"))) {
        Search search = Search.fromConf(conf);
        expected = search.search(shards, search.parse(word), 0, 1).total();
      }
      assertTrue(expected > 0);
      JsonNode hits =
          new ObjectMapper().readTree(get(http, server.base() + "/api/search?q=" + word).body());
      assertEquals(expected, hits.path("total").asLong());

      String seed = site.site().seeds().get(0);
      HttpResponse<String> story =
          get(http, server.base() + "/url?u=" + URLEncoder.encode(seed, StandardCharsets.UTF_8));
      assertEquals(200, story.statusCode());
      assertTrue(Jsoup.parse(story.body()).select("#outlinks tr").size() > 0);

      HttpResponse<String> page = get(http, server.base() + "/report");
      assertEquals(200, page.statusCode());
      assertEquals(9, Jsoup.parse(page.body()).select("canvas").size());
      assertEquals(200, get(http, server.base() + "/").statusCode());
    }
  }

  private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }
}
