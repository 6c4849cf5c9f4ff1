package org.trawler.jobs.index;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.CommandRun;

/**
 * The known-item set on real documentation: the Apache Ant manual (test resources, see the README
 * beside it) is served on loopback, crawled and indexed by {@code run --index} with the default
 * settings, and each query of the set is searched. The ranking must stay at least as good as the
 * figures measured when it was built (docs/search.md).
 */
public class KnownItemSearchTest {
  /** The figures measured with the current ranking (docs/search.md), less a little tolerance. */
  private static final double SUCCESS_AT_3 = 0.942;

  private static final double MRR_AT_10 = 0.919;

  /** The figures measured with search.default.operator=OR (docs/search.md). */
  private static final double SUCCESS_AT_3_OR = 0.904;

  private static final double MRR_AT_10_OR = 0.842;
  private static final double TOLERANCE = 0.005;

  /**
   * The held-out set (ant-manual-heldout.tsv), measured once when it was written and never used to
   * tune the ranking: a change that lifts the tuning set's figures must not lower these.
   */
  private static final double HELD_OUT_SUCCESS_AT_3 = 0.567;

  private static final double HELD_OUT_MRR_AT_10 = 0.470;

  private static final String ROOT = "/manual/";

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static HttpServer server;
  private static String site;
  private static Configuration conf;
  private static org.apache.hadoop.fs.Path index;
  private static CommandRun crawl;

  @BeforeClass
  public static void crawlAndIndexTheManual() throws Exception {
    Path manual = manual();
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 20);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          Path file =
              path.startsWith(ROOT)
                  ? manual.resolve(path.substring(ROOT.length())).normalize()
                  : null;
          byte[] body;
          int code;
          if (file != null && file.startsWith(manual) && Files.isRegularFile(file)) {
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            body = Files.readAllBytes(file);
            code = 200;
          } else {
            body = "<html><body>not found</body></html>".getBytes();
            code = 404;
          }
          exchange.sendResponseHeaders(code, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    site = "http://127.0.0.1:" + server.getAddress().getPort() + ROOT;

    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", TMP.newFolder("hadoop").getPath());
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    File seeds = TMP.newFolder("seeds");
    List<String> urls = new ArrayList<>();
    for (String page : pages(manual)) {
      urls.add(site + page);
    }
    Files.write(new File(seeds, "seeds.txt").toPath(), urls);
    File dir = TMP.newFolder("crawl");
    index = new org.apache.hadoop.fs.Path(dir.getPath(), "index");
    crawl =
        CommandRun.run(
            conf, "run", seeds.getPath(), dir.getPath(), "1", "--index", index.toString());
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  private static Path manual() throws URISyntaxException {
    return Path.of(
            KnownItemSearchTest.class.getResource("/knownitems/ant-manual/index.html").toURI())
        .getParent();
  }

  /** The manual's pages, as paths under its root. */
  private static List<String> pages(Path manual) throws Exception {
    try (Stream<Path> files = Files.walk(manual)) {
      return files
          .filter(p -> p.toString().endsWith(".html"))
          .map(p -> manual.relativize(p).toString().replace(File.separatorChar, '/'))
          .sorted()
          .toList();
    }
  }

  /** The paths under the manual's root of the first ten hits of {@code query}. */
  private static List<String> search(Search search, String query) throws Exception {
    List<String> paths = new ArrayList<>();
    try (IndexShards shards = IndexShards.open(conf, index)) {
      for (Search.Hit hit : search.search(shards, query, KnownItems.DEPTH)) {
        paths.add(hit.url().startsWith(site) ? hit.url().substring(site.length()) : hit.url());
      }
    }
    return paths;
  }

  @Test
  public void theManualIsCrawledAndIndexed() throws Exception {
    assertEquals(crawl.toString(), 0, crawl.exitCode);
    System.out.print(crawl.out);
    // every page of the manual is a seed, and each is indexed once
    assertEquals(139, pages(manual()).size());
    assertTrue(crawl.out, crawl.out.matches("(?s).*round 1: .* indexed 139, .*"));
  }

  private static KnownItems.Figures figures(Search search) throws Exception {
    return KnownItems.measure(
        KnownItems.read("/knownitems/ant-manual-queries.tsv"), q -> search(search, q));
  }

  @Test
  public void theKnownItemsRankAtLeastAsWellAsMeasured() throws Exception {
    KnownItems.Figures figures = figures(Search.fromConf(conf));
    System.out.print(figures.report());
    assertEquals(figures.report(), 52, figures.outcomes().size());
    assertTrue(figures.report(), figures.successAt3() >= SUCCESS_AT_3 - TOLERANCE);
    assertTrue(figures.report(), figures.mrrAt10() >= MRR_AT_10 - TOLERANCE);
  }

  @Test
  public void theHeldOutQueriesRankAtLeastAsWellAsMeasured() throws Exception {
    KnownItems.Figures figures =
        KnownItems.measure(
            KnownItems.read("/knownitems/ant-manual-heldout.tsv"),
            q -> search(Search.fromConf(conf), q));
    System.out.print("held out:\n" + figures.report());
    assertEquals(figures.report(), 30, figures.outcomes().size());
    assertTrue(figures.report(), figures.successAt3() >= HELD_OUT_SUCCESS_AT_3 - TOLERANCE);
    assertTrue(figures.report(), figures.mrrAt10() >= HELD_OUT_MRR_AT_10 - TOLERANCE);
  }

  @Test
  public void withOrTheKnownItemsRankAtLeastAsWellAsMeasured() throws Exception {
    KnownItems.Figures figures =
        figures(Search.fromConf(conf).withOperator(QueryParser.Operator.OR));
    System.out.print("OR:\n" + figures.report());
    assertTrue(figures.report(), figures.successAt3() >= SUCCESS_AT_3_OR - TOLERANCE);
    assertTrue(figures.report(), figures.mrrAt10() >= MRR_AT_10_OR - TOLERANCE);
  }
}
