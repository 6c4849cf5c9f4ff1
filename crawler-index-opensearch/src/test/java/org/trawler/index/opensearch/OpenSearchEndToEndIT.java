package org.trawler.index.opensearch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.simweb.EndToEndCrawl;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.TrawlerCommand;
import org.trawler.simweb.cluster.HadoopCommand;
import org.trawler.simweb.cluster.MiniCrawlCluster;

/**
 * The end-to-end test: {@code run ... --index idx -D indexer.writers=opensearch,lucene} on
 * simweb, run by bin/crawl (its classpath, this module's shaded jar), fills a real OpenSearch node
 * and the Lucene index with the same documents; the same term finds the same URLs in both; gone
 * pages leave OpenSearch; a dead cluster is one line and exit 3 before any task, one that dies
 * mid-job fails the job in one line and a rerun indexes everything; on YARN the writer travels with
 * the job (-libjars) and the documents arrive.
 */
public class OpenSearchEndToEndIT {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static OpenSearchTestNode node;
  private static EndToEndCrawl crawl;
  private static TrawlerCommand trawler;
  private static Set<String> gone;
  private static TrawlerCommand.Result reindex;

  @BeforeClass
  public static void crawlAndIndex() throws Exception {
    node = OpenSearchTestNode.shared();
    crawl =
        EndToEndCrawl.run(
            TMP.getRoot().toPath(),
            "--index",
            TMP.getRoot().toPath().resolve("crawl/index").toString(),
            "-D",
            "indexer.writers=opensearch,lucene",
            "-D",
            "opensearch.hosts=" + node.url(),
            "-D",
            "opensearch.index=crawl");
    trawler = crawl.trawler();
    node.call("POST", "/crawl/_refresh", null);

    gone = crawl.urlsWithStatus("db_gone");
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
    reindex = EndToEndCrawl.ok(trawler.run(index("os-index", "crawl", node.url(), "-deleteGone")));
    node.call("POST", "/crawl/_refresh", null);
  }

  @AfterClass
  public static void stop() throws Exception {
    if (crawl != null) {
      crawl.close();
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

  /** The ids of the documents in index crawl a query finds. */
  private static Set<String> ids(Map<String, Object> query) throws Exception {
    return ids("crawl", query);
  }

  /** The ids of the documents in an index a query finds. */
  private static Set<String> ids(String index, Map<String, Object> query) throws Exception {
    return node.ids(index, query);
  }

  private static Set<String> openSearchHits(String term) throws Exception {
    return ids(
        Map.of(
            "multi_match", Map.of("query", term, "fields", List.of("title", "anchor", "content"))));
  }

  @Test
  public void openSearchHoldsEveryPageTheLuceneIndexHolds() throws Exception {
    Set<String> inOpenSearch = ids(Map.of("match_all", Map.of()));
    assertTrue(inOpenSearch.toString(), inOpenSearch.size() > 20);
    assertEquals(crawl.luceneHits("*:*"), inOpenSearch);
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
      Set<String> lucene = crawl.luceneHits(term);
      assertEquals(term, lucene, openSearchHits(term));
      compared += lucene.isEmpty() ? 0 : 1;
    }
    assertTrue("terms with hits compared: " + terms, compared >= 3);
    assertEquals(crawl.luceneHits(SiteModel.MARKER_WORD), openSearchHits(SiteModel.MARKER_WORD));
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
    String dead = OpenSearchIndexWriterIT.deadUrl();
    TrawlerCommand.Result r = trawler.run(index("dead-index", "crawl", dead));
    assertEquals(r.err(), 3, r.exitCode());
    assertTrue(
        r.err(), r.err().contains("index writer opensearch: no node of " + dead + " answers: "));
    assertFalse(r.err(), r.err().contains("\tat "));
    assertFalse(r.err(), r.err().contains("Submitting") || r.err().contains("job_local"));
  }

  /**
   * index into OpenSearch alone, from the crawl's crawldb, linkdb and segments, with these options
   * (-deleteGone) and settings (key=value).
   */
  private static String[] index(String out, String index, String hosts, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "index",
                crawl.path(out).toString(),
                crawl.path("crawldb").toString(),
                "-linkdb",
                crawl.path("linkdb").toString(),
                "-dir",
                crawl.path("segments").toString(),
                "-D",
                "indexer.writers=opensearch",
                "-D",
                "opensearch.hosts=" + hosts,
                "-D",
                "opensearch.index=" + index));
    for (String option : more) {
      args.addAll(option.startsWith("-") ? List.of(option) : List.of("-D", option));
    }
    return args.toArray(new String[0]);
  }

  @Test
  public void aClusterDyingMidJobFailsTheJobInOneLineAndARerunIndexesEverything() throws Exception {
    Set<String> everything = crawl.luceneHits("*:*");
    TrawlerCommand.Result failed;
    try (NodeProxy dying = NodeProxy.dyingAfter(node.url(), 2)) {
      failed =
          trawler.run(
              index(
                  "died-index",
                  "rerun",
                  dying.url(),
                  "opensearch.bulk.docs=5",
                  "opensearch.max.retries=2",
                  "opensearch.retry.backoff.ms=100",
                  "opensearch.timeout.ms=5000"));
      // The third and any retry that still reached the proxy before it closed went unanswered.
      assertTrue("the cluster died in the third bulk request", dying.bulks() >= 3);
    }
    assertEquals(failed.out() + failed.err(), 3, failed.exitCode());
    List<String> lines = failed.err().lines().filter(l -> l.startsWith("trawler ")).toList();
    assertEquals(failed.err(), 1, lines.size());
    assertTrue(lines.get(0), lines.get(0).startsWith("trawler index: "));
    assertTrue(lines.get(0), lines.get(0).contains("opensearch: bulk request failed after 2"));
    assertFalse(failed.err(), failed.err().contains("\tat "));
    node.call("POST", "/rerun/_refresh", null);
    int partial = ids("rerun", Map.of("match_all", Map.of())).size();
    assertTrue(partial + " of " + everything.size(), partial > 0 && partial < everything.size());

    // The cluster is back: the same command indexes every document (ids are URLs).
    EndToEndCrawl.ok(trawler.run(index("rerun-index", "rerun", node.url())));
    node.call("POST", "/rerun/_refresh", null);
    assertEquals(everything, ids("rerun", Map.of("match_all", Map.of())));
  }

  /**
   * The index job on a (mini) YARN cluster over HDFS, through bin/crawl and a stand-in hadoop
   * command: the writer is in no jar the cluster has, only in what bin/crawl sends with the job
   * (-libjars), and the documents arrive.
   */
  @Test
  public void onYarnTheWriterShipsWithTheJobAndTheDocumentsArrive() throws Exception {
    File base = TMP.newFolder("yarn");
    try (MiniCrawlCluster cluster = MiniCrawlCluster.start(new File(base, "cluster"), 1)) {
      FileSystem fs = cluster.fileSystem();
      org.apache.hadoop.fs.Path onHdfs = cluster.hdfsPath("/user/crawler/crawl");
      for (String part : List.of("crawldb", "linkdb", "segments")) {
        fs.copyFromLocalFile(
            new org.apache.hadoop.fs.Path(crawl.path(part).toUri()),
            new org.apache.hadoop.fs.Path(onHdfs, part));
      }
      File confDir = MiniCrawlCluster.writeConfDir(uberConf(cluster), new File(base, "conf"));
      HadoopCommand hadoop =
          HadoopCommand.install(
              new File(base, "bin"),
              new File(System.getProperty("trawler.job.jar")),
              HadoopCommand.hadoopJars(OpenSearchEndToEndIT::shipped));
      HadoopCommand.Result r =
          hadoop.crawlScript(
              confDir,
              "index",
              onHdfs + "/index",
              onHdfs + "/crawldb",
              "-linkdb",
              onHdfs + "/linkdb",
              "-dir",
              onHdfs + "/segments",
              "-D",
              "indexer.writers=opensearch",
              "-D",
              "opensearch.hosts=" + node.url(),
              "-D",
              "opensearch.index=yarn");
      assertEquals(r.output(), 0, r.exitCode());
      assertEquals(r.output(), List.of("SUCCEEDED"), indexApplications(cluster));
    }
    node.call("POST", "/yarn/_refresh", null);
    assertEquals(crawl.luceneHits("*:*"), ids("yarn", Map.of("match_all", Map.of())));
  }

  /**
   * The cluster runs the index job as an uber job: its map and reduce tasks in the application
   * master's container, one JVM instead of one per part file of the crawl (a dozen) and the reduce.
   * That container's classpath is built from what the job brings as any task's is (the job jar and
   * the -libjars, localized into the container), so the writer still arrives only with the job.
   */
  private static Configuration uberConf(MiniCrawlCluster cluster) {
    Configuration conf = cluster.hadoopConf();
    conf.setBoolean("mapreduce.job.ubertask.enable", true);
    conf.setInt("mapreduce.job.ubertask.maxmaps", 100);
    return conf;
  }

  /**
   * What a cluster does not have and the job brings: our jars (the job jar, the writer's, which
   * bin/crawl sends with -libjars) and the OpenSearch client, which the writer's jar carries
   * shaded.
   */
  private static boolean shipped(File jar) {
    String path = jar.getPath();
    return jar.getName().startsWith("crawler-")
        || path.contains("/org/opensearch/")
        || path.contains("/jakarta/json/")
        || path.contains("/org/eclipse/parsson/");
  }

  /** The final status of each index job the cluster ran. */
  private static List<String> indexApplications(MiniCrawlCluster cluster) throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(cluster.hadoopConf());
      yarn.start();
      List<String> statuses = new ArrayList<>();
      for (ApplicationReport app : yarn.getApplications()) {
        if (app.getName().startsWith("trawler index")) {
          statuses.add(app.getFinalApplicationStatus().toString());
        }
      }
      return statuses;
    }
  }
}
