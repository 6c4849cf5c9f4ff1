package org.trawler.index.opensearch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.simweb.SimWebServer;
import org.trawler.simweb.SiteModel;

/**
 * The end-to-end test: {@code run ... --index idx -D indexer.writers=opensearch,lucene} on
 * simweb, run as bin/crawl runs it (its classpath, this module's shaded jar), fills a real
 * OpenSearch node and the Lucene index with the same documents; the same term finds the same URLs
 * in both; gone pages leave OpenSearch; a dead cluster is one line and exit 3 before any task.
 */
public class OpenSearchEndToEndIT {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static OpenSearchTestNode node;
  private static SimWebServer web;
  private static TrawlerCommand trawler;
  private static Path crawl;
  private static Set<String> gone;
  private static TrawlerCommand.Result reindex;

  @BeforeClass
  public static void crawlAndIndex() throws Exception {
    // Only the integration-test phase has the packaged jar (and sets this).
    Assume.assumeNotNull(System.getProperty("trawler.opensearch.jar"));
    node = new OpenSearchTestNode(TMP.newFolder("node").toPath());
    web =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(3)
                    .pages(30)
                    .outlinks(4)
                    .pageKb(2)
                    .port(0)
                    .seed(11)
                    .redirectPct(10)
                    .notFoundPct(15)
                    .build())
            .build()
            .start();
    Path dir = TMP.getRoot().toPath();
    Path seeds = web.site().writeSeeds(dir.resolve("seeds"), false);
    crawl = dir.resolve("crawl");
    trawler = new TrawlerCommand(dir);
    ok(
        trawler.run(
            "run",
            seeds.toString(),
            crawl.toString(),
            "3",
            "--index",
            crawl.resolve("index").toString(),
            "-D",
            "indexer.writers=opensearch,lucene",
            "-D",
            "opensearch.hosts=" + node.url(),
            "-D",
            "opensearch.index=crawl",
            "-D",
            "fetcher.server.delay=0",
            "-D",
            "fetcher.threads.fetch=8"));
    node.call("POST", "/crawl/_refresh", null);

    gone = urlsWithStatus("db_gone");
    assertFalse("the crawl found gone pages", gone.isEmpty());
    // Documents for the gone pages from an earlier crawl: the index job must delete them.
    StringBuilder bulk = new StringBuilder();
    for (String url : gone) {
      bulk.append(JSON.writeValueAsString(Map.of("index", Map.of("_index", "crawl", "_id", url))))
          .append('\n')
          .append(JSON.writeValueAsString(Map.of("url", url, "content", "stale")))
          .append('\n');
    }
    bulkNdjson(bulk.toString());
    assertEquals(gone, ids(Map.of("match", Map.of("content", "stale"))));
    reindex =
        ok(
            trawler.run(
                "index",
                crawl.resolve("os-index").toString(),
                crawl.resolve("crawldb").toString(),
                "-linkdb",
                crawl.resolve("linkdb").toString(),
                "-dir",
                crawl.resolve("segments").toString(),
                "-deleteGone",
                "-D",
                "indexer.writers=opensearch",
                "-D",
                "opensearch.hosts=" + node.url(),
                "-D",
                "opensearch.index=crawl"));
    node.call("POST", "/crawl/_refresh", null);
  }

  @AfterClass
  public static void stop() throws Exception {
    if (web != null) {
      web.close();
    }
    if (node != null) {
      node.close();
    }
  }

  private static void bulkNdjson(String ndjson) throws Exception {
    java.net.http.HttpResponse<String> r =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(node.url() + "/_bulk?refresh=true"))
                    .header("Content-Type", "application/x-ndjson")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(ndjson))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertEquals(r.body(), 200, r.statusCode());
  }

  private static TrawlerCommand.Result ok(TrawlerCommand.Result r) {
    assertEquals(r.out() + r.err(), 0, r.exitCode());
    return r;
  }

  private static Set<String> urlsWithStatus(String status) throws Exception {
    Path dump = crawl.resolve("dump-" + status);
    ok(
        trawler.run(
            "readdb",
            crawl.resolve("crawldb").toString(),
            "-dump",
            dump.toString(),
            "-status",
            status));
    return urlsOfJsonLines(Files.readString(dump.resolve("dump.jsonl")));
  }

  private static Set<String> urlsOfJsonLines(String jsonLines) throws Exception {
    Set<String> urls = new TreeSet<>();
    for (String line : jsonLines.split("\n")) {
      if (!line.isBlank()) {
        urls.add(JSON.readTree(line).path("url").asText());
      }
    }
    return urls;
  }

  /** The ids of the documents in index crawl a query finds. */
  private static Set<String> ids(Map<String, Object> query) throws Exception {
    JsonNode hits =
        JSON.readTree(
                node.call(
                        "POST",
                        "/crawl/_search",
                        JSON.writeValueAsString(Map.of("size", 10000, "query", query)))
                    .body())
            .path("hits")
            .path("hits");
    Set<String> ids = new TreeSet<>();
    hits.forEach(h -> ids.add(h.path("_id").asText()));
    return ids;
  }

  private static Set<String> openSearchHits(String term) throws Exception {
    return ids(
        Map.of(
            "multi_match", Map.of("query", term, "fields", List.of("title", "anchor", "content"))));
  }

  /** The URLs Lucene's search finds for a term. */
  private static Set<String> luceneHits(String term) throws Exception {
    TrawlerCommand.Result r =
        trawler.run("search", crawl.resolve("index").toString(), term, "-json", "-n", "10000");
    assertTrue(r.err(), r.exitCode() == 0 || r.exitCode() == 1);
    Set<String> urls = new TreeSet<>();
    for (String line : r.out().split("\n")) {
      if (line.startsWith("{")) {
        JsonNode hit = JSON.readTree(line);
        if (hit.has("url")) {
          urls.add(hit.path("url").asText());
        }
      }
    }
    return urls;
  }

  @Test
  public void openSearchHoldsEveryPageTheLuceneIndexHolds() throws Exception {
    Set<String> inOpenSearch = ids(Map.of("match_all", Map.of()));
    assertTrue(inOpenSearch.toString(), inOpenSearch.size() > 20);
    assertEquals(luceneHits("*:*"), inOpenSearch);
  }

  @Test
  public void openSearchFindsTheSameUrlsAsTheLuceneSearch() throws Exception {
    List<String> terms = new ArrayList<>();
    JsonNode hits =
        JSON.readTree(
                node.call(
                        "POST",
                        "/crawl/_search",
                        "{\"size\":5,\"query\":{\"exists\":{\"field\":\"title\"}}}")
                    .body())
            .path("hits")
            .path("hits");
    hits.forEach(
        h -> terms.add(h.path("_source").path("title").asText().split(" ")[0].toLowerCase()));
    int compared = 0;
    for (String term : terms) {
      Set<String> lucene = luceneHits(term);
      assertEquals(term, lucene, openSearchHits(term));
      compared += lucene.isEmpty() ? 0 : 1;
    }
    assertTrue("terms with hits compared: " + terms, compared >= 3);
    assertEquals(luceneHits(SiteModel.MARKER_WORD), openSearchHits(SiteModel.MARKER_WORD));
  }

  @Test
  public void deletesReachOpenSearch() throws Exception {
    assertEquals(Set.of(), ids(Map.of("match", Map.of("content", "stale"))));
    Set<String> all = ids(Map.of("match_all", Map.of()));
    for (String url : gone) {
      assertFalse(url, all.contains(url));
    }
    assertTrue(reindex.out(), reindex.out().contains("deleted_gone " + gone.size()));
  }

  @Test
  public void aDeadClusterIsOneLineAndExitThreeBeforeAnyTask() throws Exception {
    String dead = OpenSearchIndexWriterTest.deadUrl();
    TrawlerCommand.Result r =
        trawler.run(
            "index",
            crawl.resolve("dead-index").toString(),
            crawl.resolve("crawldb").toString(),
            "-dir",
            crawl.resolve("segments").toString(),
            "-D",
            "indexer.writers=opensearch",
            "-D",
            "opensearch.hosts=" + dead);
    assertEquals(r.err(), 3, r.exitCode());
    assertTrue(
        r.err(), r.err().contains("index writer opensearch: no node of " + dead + " answers: "));
    assertFalse(r.err(), r.err().contains("\tat "));
    assertFalse(r.err(), r.err().contains("Submitting") || r.err().contains("job_local"));
  }
}
