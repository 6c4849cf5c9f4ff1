package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.solr.common.SolrDocument;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.trawler.jobs.index.IndexDocument;
import org.trawler.jobs.index.IndexWriter;
import org.trawler.jobs.index.IndexWriters;
import org.trawler.jobs.index.IndexerKeys;

/** The solr writer against a real Solr (two shards) started by the test. */
public class SolrIndexWriterTest {
  private static SolrCluster solr;
  private static FlakyProxy proxy;
  private static int collections;

  @BeforeClass
  public static void startSolr() throws Exception {
    solr = new SolrCluster(2);
    proxy = new FlakyProxy(solr.collectionUrl(0, "").replaceAll("/$", ""));
  }

  @AfterClass
  public static void stopSolr() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (solr != null) {
      solr.close();
    }
  }

  private final List<Long> pauses = new ArrayList<>();

  /** A fresh collection for a test, so that tests see only their own documents. */
  private static String newCollection() throws Exception {
    String name = "crawl" + (++collections);
    solr.createCollection(name, 2);
    return name;
  }

  private static Configuration conf(String url) {
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.SERVER_URL, url);
    conf.setLong(SolrKeys.RETRY_BACKOFF, 100);
    return conf;
  }

  private SolrIndexWriter open(Configuration conf) throws IOException {
    SolrIndexWriter writer = new SolrIndexWriter(pauses::add);
    writer.open(conf, null);
    return writer;
  }

  private static IndexDocument page(String url, String title) {
    return new IndexDocument()
        .add("id", url)
        .add("url", url)
        .add("host", "a.test")
        .add("title", title)
        .add("content", "the text of " + title)
        .add("anchor", "first anchor")
        .add("anchor", "second anchor")
        .add("contentLength", 1234L)
        .add("fetchTime", 1_700_000_000_000L)
        .add("score", 1.5f)
        .add("depth", 2);
  }

  @Test
  public void addsReplacementsAndDeletesReachSolr() throws Exception {
    String c = newCollection();
    try (SolrIndexWriter writer = open(conf(solr.collectionUrl(0, c)))) {
      writer.add(page("http://a.test/1", "one"));
      writer.add(page("http://a.test/2", "two"));
      writer.add(page("http://a.test/3", "three"));
      writer.commit();
      assertEquals(
          List.of("http://a.test/1", "http://a.test/2", "http://a.test/3"), solr.ids(c, "*:*"));

      writer.add(page("http://a.test/1", "one again"));
      writer.delete("http://a.test/2");
      writer.commit();
    }
    assertEquals(List.of("http://a.test/1", "http://a.test/3"), solr.ids(c, "*:*"));
    SolrDocument one = solr.query(c, "id:\"http://a.test/1\"").get(0);
    assertEquals("one again", one.getFieldValue("title"));
    assertEquals(List.of("first anchor", "second anchor"), one.getFieldValues("anchor"));
    assertEquals(1234L, one.getFieldValue("contentLength"));
    assertEquals(1_700_000_000_000L, one.getFieldValue("fetchTime"));
    assertEquals(1.5f, one.getFieldValue("score"));
    assertEquals(2, one.getFieldValue("depth"));
    assertEquals(List.of("http://a.test/1"), solr.ids(c, "again"));
  }

  @Test
  public void sendsOneRequestPerCommitSizeAddsAndDeletes() throws Exception {
    String c = newCollection();
    Configuration conf = conf(proxy.collectionUrl(c));
    conf.setInt(SolrKeys.COMMIT_SIZE, 3);
    int before = proxy.updates().size();
    try (SolrIndexWriter writer = open(conf)) {
      for (int i = 1; i <= 7; i++) {
        writer.add(page("http://a.test/" + i, "page " + i));
      }
      assertEquals("two full batches sent", 2, proxy.updates().size() - before);
      writer.delete("http://a.test/7");
      writer.commit();
    }
    List<String> sent = proxy.updates().subList(before, proxy.updates().size());
    assertEquals(
        "two batches of 3, then the last add and the delete with the commit", 3, sent.size());
    assertEquals(3, count(sent.get(0), "\"add\""));
    assertEquals(1, count(sent.get(2), "\"add\""));
    assertEquals(1, count(sent.get(2), "\"delete\""));
    assertEquals(6, solr.ids(c, "*:*").size());
  }

  @Test
  public void closeSendsWhatIsBatchedWithoutCommitting() throws Exception {
    String c = newCollection();
    int before = proxy.updates().size();
    try (SolrIndexWriter writer = open(conf(proxy.collectionUrl(c)))) {
      writer.add(page("http://a.test/1", "one"));
      writer.add(page("http://a.test/2", "two"));
    }
    assertEquals("sent by close", 1, proxy.updates().size() - before);
    assertEquals("not committed (-noCommit)", List.of(), solr.ids(c, "*:*"));
    solr.client().commit(c);
    assertEquals(List.of("http://a.test/1", "http://a.test/2"), solr.ids(c, "*:*"));
  }

  @Test
  public void aTaskWithNothingToSendCommitsAndCloses() throws Exception {
    String c = newCollection();
    try (SolrIndexWriter writer = open(conf(solr.collectionUrl(0, c)))) {
      writer.commit();
    }
    assertEquals(List.of(), solr.ids(c, "*:*"));
  }

  @Test
  public void retriesServerErrorsWithGrowingPausesThenSucceeds() throws Exception {
    String c = newCollection();
    Configuration conf = conf(proxy.collectionUrl(c));
    conf.setInt(SolrKeys.MAX_RETRIES, 3);
    int before = proxy.updates().size();
    proxy.failNextUpdates(2, 503);
    try (SolrIndexWriter writer = open(conf)) {
      writer.add(page("http://a.test/1", "one"));
      writer.commit();
    }
    assertEquals("one try and two retries", 3, proxy.updates().size() - before);
    assertEquals(List.of(100L, 200L), pauses);
    assertEquals(List.of("http://a.test/1"), solr.ids(c, "*:*"));
  }

  @Test
  public void retriesAnUpdateThatTimesOut() throws Exception {
    String c = newCollection();
    Configuration conf = conf(proxy.collectionUrl(c));
    conf.setInt(SolrKeys.TIMEOUT, 500);
    int before = proxy.updates().size();
    proxy.slowNextUpdates(1, 3000);
    try (SolrIndexWriter writer = open(conf)) {
      writer.add(page("http://a.test/1", "one"));
      writer.commit();
    }
    assertEquals("the update that timed out, and its retry", 2, proxy.updates().size() - before);
    assertEquals(List.of(100L), pauses);
    assertEquals(List.of("http://a.test/1"), solr.ids(c, "*:*"));
  }

  @Test
  public void failsAfterMaxRetriesWithOneLineNamingTheServer() throws Exception {
    String c = newCollection();
    Configuration conf = conf(proxy.collectionUrl(c));
    conf.setInt(SolrKeys.MAX_RETRIES, 2);
    int before = proxy.updates().size();
    proxy.failNextUpdates(100, 500);
    try (SolrIndexWriter writer = open(conf)) {
      writer.add(page("http://a.test/1", "one"));
      writer.commit();
      fail("the commit should fail");
    } catch (IOException e) {
      assertEquals(
          "solr update to "
              + proxy.collectionUrl(c)
              + " failed after 2 retries: HTTP 500 Internal Server Error: proxy says no",
          e.getMessage());
    } finally {
      proxy.failNextUpdates(0, 0);
    }
    assertEquals(3, proxy.updates().size() - before);
  }

  @Test
  public void aDocumentTheSchemaRejectsFailsAtOnce() throws Exception {
    String c = newCollection();
    int before = proxy.updates().size();
    try (SolrIndexWriter writer = open(conf(proxy.collectionUrl(c)))) {
      writer.add(page("http://a.test/1", "one").add("nosuchfield", "x"));
      writer.commit();
      fail("the commit should fail");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith("solr at " + proxy.collectionUrl(c)));
      assertTrue(e.getMessage(), e.getMessage().contains("HTTP 400"));
      assertTrue(e.getMessage(), e.getMessage().contains("nosuchfield"));
      assertFalse(e.getMessage(), e.getMessage().contains("\n"));
    }
    assertEquals("no retry", 1, proxy.updates().size() - before);
  }

  @Test
  public void aTaskOnAnotherNodeUrlMovesOnWhenTheFirstFails() throws Exception {
    String c = newCollection();
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Configuration conf =
        conf("http://127.0.0.1:" + port + "/solr/" + c + ", " + solr.collectionUrl(0, c) + "/");
    try (SolrIndexWriter writer = open(conf)) {
      writer.add(page("http://a.test/1", "one"));
      writer.commit();
    }
    assertEquals(List.of("http://a.test/1"), solr.ids(c, "*:*"));
    assertEquals(List.of(100L), pauses);
  }

  @Test
  public void discoversTheCollectionsNodesWhenAsked() throws Exception {
    String c = newCollection();
    Configuration conf = conf(solr.collectionUrl(0, c));
    conf.setBoolean(SolrKeys.CLOUD_DISCOVER, true);
    try (SolrConnection connection = new SolrConnection(conf, pauses::add)) {
      connection.discoverNodes();
      assertEquals(List.of(solr.collectionUrl(0, c), solr.collectionUrl(1, c)), connection.urls());
    }
  }

  @Test
  public void withZooKeeperHostsItIndexesIntoTheCollectionOnEveryLiveNode() throws Exception {
    String c = newCollection();
    Configuration conf = zkConf(solr.zkHosts(), c);
    new SolrIndexWriter().check(conf);
    try (SolrConnection connection = new SolrConnection(conf, pauses::add)) {
      List<String> expected =
          new ArrayList<>(List.of(solr.collectionUrl(0, c), solr.collectionUrl(1, c)));
      expected.sort(null);
      assertEquals(expected, connection.urls());
    }
    try (SolrIndexWriter writer = open(conf)) {
      writer.add(page("http://a.test/zk", "through zookeeper"));
      writer.commit();
    }
    assertEquals(List.of("http://a.test/zk"), solr.ids(c, "*:*"));
  }

  @Test
  public void withZooKeeperHostsCheckNamesACollectionThatDoesNotExist() throws Exception {
    try {
      new SolrIndexWriter().check(zkConf(solr.zkHosts(), "nosuchcollection"));
      fail("check should fail");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("has no collection 'nosuchcollection'"));
      assertFalse(e.getMessage(), e.getMessage().contains("\n"));
    }
  }

  @Test
  public void withZooKeeperHostsCheckNamesAZooKeeperThatDoesNotAnswer() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String zk = "127.0.0.1:" + port + "/solr";
    Configuration conf = zkConf(zk, "crawl");
    conf.setInt(SolrKeys.TIMEOUT, 1500);
    try {
      new SolrIndexWriter().check(conf);
      fail("check should fail");
    } catch (IOException e) {
      assertEquals("SolrCloud's ZooKeeper " + zk + " does not answer", e.getMessage());
    }
  }

  private static Configuration zkConf(String zkHosts, String collection) {
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.ZOOKEEPER_HOSTS, zkHosts);
    conf.set(SolrKeys.COLLECTION, collection);
    conf.setLong(SolrKeys.RETRY_BACKOFF, 100);
    return conf;
  }

  @Test
  public void checkNamesAServerThatDoesNotAnswer() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String url = "http://127.0.0.1:" + port + "/solr/crawl";
    try {
      new SolrIndexWriter().check(conf(url));
      fail("check should fail");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith(url + " does not answer: "));
      assertFalse(e.getMessage(), e.getMessage().contains("\n"));
    }
  }

  @Test
  public void checkNamesACollectionThatDoesNotExist() throws Exception {
    String url = solr.collectionUrl(0, "nosuchcollection");
    try {
      new SolrIndexWriter().check(conf(url));
      fail("check should fail");
    } catch (IOException e) {
      assertEquals(
          url
              + " is not a collection or core (HTTP 404); create one with `solr create -c <name>"
              + " -d conf/solr`",
          e.getMessage());
    }
  }

  @Test
  public void checkPassesForAnExistingCollection() throws Exception {
    String c = newCollection();
    new SolrIndexWriter().check(conf(solr.collectionUrl(0, c)));
  }

  @Test
  public void theIndexJobFindsTheWriterByName() throws Exception {
    Configuration conf = new Configuration();
    conf.set(IndexerKeys.WRITERS, "solr");
    List<IndexWriter> writers = IndexWriters.create(conf);
    assertEquals(1, writers.size());
    assertTrue(writers.get(0) instanceof SolrIndexWriter);
    assertEquals("solr", writers.get(0).name());
  }

  private static int count(String s, String part) {
    return s.split(java.util.regex.Pattern.quote(part), -1).length - 1;
  }
}
