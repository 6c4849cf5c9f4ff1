package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrInputDocument;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.trawler.simweb.EndToEndCrawl;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.TrawlerCommand;

/**
 * The end-to-end test: a crawl of simweb indexed into Lucene and into a real Solr by the
 * index command, run as bin/crawl runs it: the same term finds the same URLs in both, and the pages
 * the crawl found gone leave Solr.
 */
public class SolrEndToEndIT {
  private static SolrCluster solr;
  private static EndToEndCrawl crawl;
  private static TrawlerCommand trawler;
  private static Set<String> gone;
  private static TrawlerCommand.Result solrIndex;

  @BeforeClass
  public static void crawlAndIndex() throws Exception {
    solr = new SolrCluster(1);
    solr.createCollection("crawl", 2);
    crawl = EndToEndCrawl.shared();
    trawler = crawl.trawler();

    gone = crawl.urlsWithStatus("db_gone");
    assertFalse("the crawl found gone pages", gone.isEmpty());
    // Documents Solr holds for the gone pages from an earlier crawl: the index job must delete
    // them.
    UpdateRequest stale = new UpdateRequest();
    for (String url : gone) {
      SolrInputDocument doc = new SolrInputDocument();
      doc.addField("id", url);
      doc.addField("url", url);
      doc.addField("content", "stale");
      stale.add(doc);
    }
    stale.commit(solr.client(), "crawl");
    assertEquals(gone, new TreeSet<>(solr.ids("crawl", "stale")));

    // SolrCloud found through its ZooKeeper: the shaded client on bin/crawl's classpath, by
    // Hadoop's
    solrIndex =
        trawler.run(
            indexArgs(
                "solr-index",
                "solr",
                "solr.zookeeper.hosts=" + solr.zkHosts(),
                "solr.collection=crawl"));
    EndToEndCrawl.ok(solrIndex);
  }

  @AfterClass
  public static void stop() throws Exception {
    if (solr != null) {
      solr.close();
    }
  }

  private static String[] indexArgs(String index, String writers, String... settings) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "index",
                crawl.path(index).toString(),
                crawl.path("crawldb").toString(),
                "-linkdb",
                crawl.path("linkdb").toString(),
                "-dir",
                crawl.path("segments").toString(),
                "-deleteGone",
                "-D",
                "indexer.writers=" + writers));
    for (String setting : settings) {
      args.add("-D");
      args.add(setting);
    }
    return args.toArray(new String[0]);
  }

  @Test
  public void solrFindsTheSameUrlsAsTheLuceneSearch() throws Exception {
    List<String> terms = new ArrayList<>();
    for (Object title :
        solr.query("crawl", "-content:stale").stream()
            .limit(5)
            .map(d -> d.getFieldValue("title"))
            .toList()) {
      terms.add(title.toString().split(" ")[0].toLowerCase());
    }
    int compared = 0;
    for (String term : terms) {
      Set<String> lucene = crawl.luceneHits(term);
      assertEquals(term, lucene, new TreeSet<>(solr.ids("crawl", term)));
      compared += lucene.isEmpty() ? 0 : 1;
    }
    assertTrue("terms with hits compared: " + terms, compared >= 3);
  }

  @Test
  public void theMarkerWordFindsExactlyThePagesTheSiteModelPutItOn() throws Exception {
    Set<String> expected = new TreeSet<>();
    for (String url : solr.ids("crawl", "*:*")) {
      if (crawl.site().hasMarkerWord(url)) {
        expected.add(url);
      }
    }
    assertFalse(expected.isEmpty());
    assertEquals(expected, new TreeSet<>(solr.ids("crawl", SiteModel.MARKER_WORD)));
    assertEquals(expected, crawl.luceneHits(SiteModel.MARKER_WORD));
  }

  @Test
  public void solrHoldsEveryPageTheLuceneIndexHolds() throws Exception {
    Set<String> inSolr = new TreeSet<>(solr.ids("crawl", "*:*"));
    assertTrue(inSolr.size() > 20);
    assertEquals(crawl.luceneHits("*:*"), inSolr);
  }

  @Test
  public void deletesReachSolr() throws Exception {
    assertEquals(List.of(), solr.ids("crawl", "stale"));
    for (String url : gone) {
      assertFalse(url, solr.ids("crawl", "*:*").contains(url));
    }
    assertTrue(solrIndex.out(), solrIndex.out().contains("deleted_gone " + gone.size()));
  }

  @Test
  public void aSolrThatDoesNotAnswerIsOneLineAndExitThreeBeforeAnyTask() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String url = "http://127.0.0.1:" + port + "/solr/crawl";
    TrawlerCommand.Result r =
        trawler.run(indexArgs("dead-index", "solr", "solr.server.url=" + url));
    assertEquals(r.err(), 3, r.exitCode());
    assertTrue(r.err(), r.err().contains("index writer solr: " + url + " does not answer: "));
    assertFalse(r.err(), r.err().contains("\tat "));
    assertFalse(r.err(), r.err().contains("Submitting") || r.err().contains("job_local"));
  }
}
