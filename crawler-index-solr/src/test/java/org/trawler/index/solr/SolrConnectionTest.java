package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;

public class SolrConnectionTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Alice's settings (her password in an owner-only file) for the collection at {@code url}. */
  private Configuration asAlice(String url) throws Exception {
    File password = tmp.newFile();
    Files.writeString(password.toPath(), "hunter2-Secret\n");
    Files.setPosixFilePermissions(password.toPath(), PosixFilePermissions.fromString("rw-------"));
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.SERVER_URL, url);
    conf.set(SolrKeys.AUTH_USER, "alice");
    conf.set(SolrKeys.AUTH_PASSWORD_FILE, password.getPath());
    return conf;
  }

  @Test
  public void credentialsGoToPlainHttpOnlyWhenAllowed() throws Exception {
    Configuration conf = asAlice("https://solr.example/solr/crawl,http://127.0.0.1:1/solr/crawl");
    try {
      new SolrConnection(conf, ms -> {}).close();
      fail("sent credentials over plain http");
    } catch (BadSettingException e) {
      assertEquals(SolrKeys.SERVER_URL, e.key());
      assertTrue(
          e.getMessage(),
          e.getMessage()
              .startsWith("solr.server.url: http://127.0.0.1:1/solr/crawl is plain http"));
      assertTrue(e.getMessage(), e.getMessage().contains("solr.auth.allow.insecure=true"));
      assertFalse(e.getMessage(), e.getMessage().contains("hunter2"));
    }
    conf.setBoolean(SolrKeys.AUTH_ALLOW_INSECURE, true);
    try (SolrConnection allowed = new SolrConnection(conf, ms -> {})) {
      assertEquals(2, allowed.urls().size());
    }
  }

  @Test
  public void aUrlWithAPasswordInItIsRefusedWithoutShowingIt() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.SERVER_URL, "https://alice:hunter2-Secret@solr.example/solr/crawl");
    try {
      new SolrConnection(conf, ms -> {}).close();
      fail("accepted a URL with a password");
    } catch (BadSettingException e) {
      assertEquals(SolrKeys.SERVER_URL, e.key());
      assertTrue(e.getMessage(), e.getMessage().contains("'https://solr.example/solr/crawl'"));
      assertFalse(e.getMessage(), e.getMessage().contains("hunter2"));
    }
  }

  @Test
  public void aRedirectIsNotFollowedSoTheCredentialsGoNowhereElse() throws Exception {
    List<String> elsewhere = new CopyOnWriteArrayList<>();
    HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.2", 0), 0);
    other.createContext(
        "/",
        ex -> {
          elsewhere.add(
              ex.getRequestURI() + " " + ex.getRequestHeaders().getFirst("Authorization"));
          ex.sendResponseHeaders(200, -1);
          ex.close();
        });
    HttpServer solr = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    String target = "http://127.0.0.2:" + other.getAddress().getPort() + "/solr/crawl/select";
    solr.createContext(
        "/",
        ex -> {
          ex.getResponseHeaders().set("Location", target);
          ex.sendResponseHeaders(302, -1);
          ex.close();
        });
    other.start();
    solr.start();
    try {
      Configuration conf =
          asAlice("http://127.0.0.1:" + solr.getAddress().getPort() + "/solr/crawl");
      conf.setBoolean(
          SolrKeys.AUTH_ALLOW_INSECURE, true); // both servers are plain http on loopback
      try (SolrConnection connection = new SolrConnection(conf, ms -> {})) {
        connection.check();
        fail("a redirect passed the check");
      } catch (IOException e) {
        assertTrue(
            e.getMessage(),
            e.getMessage().endsWith("answered a query with HTTP 302 Temporary Redirect"));
      }
      assertEquals(List.of(), elsewhere);
    } finally {
      solr.stop(0);
      other.stop(0);
    }
  }

  @Test
  public void pausesDoubleUpToAMinute() {
    assertEquals(1000, SolrConnection.pause(1000, 0));
    assertEquals(2000, SolrConnection.pause(1000, 1));
    assertEquals(8000, SolrConnection.pause(1000, 3));
    assertEquals(60_000, SolrConnection.pause(1000, 6));
    assertEquals(60_000, SolrConnection.pause(1000, 1000));
    assertEquals(0, SolrConnection.pause(0, 5));
  }

  @Test
  public void urlsAreCommaSeparatedWithoutTrailingSlashes() {
    assertEquals(
        List.of("http://a:8983/solr/crawl", "https://b/solr/crawl"),
        SolrConnection.urls(" http://a:8983/solr/crawl/, https://b/solr/crawl ,"));
  }

  @Test
  public void nodeUrlsComeFromTheReplicasOfAClusterStatus() {
    String status =
        "{\"cluster\":{\"collections\":{\"crawl\":{\"shards\":{\"shard1\":{\"replicas\":{"
            + "\"core_node1\":{\"core\":\"crawl_shard1_replica_n1\",\"base_url\":\"http://a:8983/solr\"},"
            + "\"core_node3\":{\"base_url\" : \"http:\\/\\/b:8983\\/solr\"}}},"
            + "\"shard2\":{\"replicas\":{\"core_node2\":{\"base_url\":\"http://a:8983/solr\"}}}}}},"
            + "\"live_nodes\":[\"a:8983_solr\",\"b:8983_solr\"]}}";
    assertEquals(
        List.of("http://a:8983/solr", "http://b:8983/solr"),
        List.copyOf(SolrConnection.nodeUrls(status)));
  }

  @Test
  public void aMissingOrNonHttpUrlIsABadSetting() {
    for (String url : new String[] {"", " , ", "localhost:8983/solr/crawl"}) {
      try {
        SolrConnection.urls(url);
        fail(url);
      } catch (BadSettingException e) {
        assertEquals(SolrKeys.SERVER_URL, e.key());
      }
    }
  }

  @Test
  public void aCommitSizeBelowOneIsABadSetting() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.SERVER_URL, "http://127.0.0.1:1/solr/crawl");
    conf.setInt(SolrKeys.COMMIT_SIZE, 0);
    try {
      new SolrIndexWriter().check(conf);
      fail();
    } catch (BadSettingException e) {
      assertEquals("solr.commit.size: must be at least 1, not 0", e.getMessage());
    }
  }
}
