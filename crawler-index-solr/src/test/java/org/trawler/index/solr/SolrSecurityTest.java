package org.trawler.index.solr;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;
import org.trawler.jobs.index.IndexDocument;

/**
 * The solr writer against a real SolrCloud (two nodes) with Solr's BasicAuthPlugin and
 * RuleBasedAuthorizationPlugin enabled: the right user and password index, wrong or missing ones
 * and a user who may only read are one line at the check, naming the user and the collection and
 * never the password; every node, however the writer learned of it, gets the credentials.
 */
public class SolrSecurityTest {
  private static SolrCluster solr;
  private static int collections;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final List<Long> pauses = new ArrayList<>();

  @BeforeClass
  public static void startSecuredSolr() throws Exception {
    solr = SolrCluster.secured(2, false);
  }

  @AfterClass
  public static void stopSolr() throws Exception {
    if (solr != null) {
      solr.close();
    }
  }

  private static String newCollection() throws Exception {
    String name = "secured" + (++collections);
    solr.createCollection(name, 2);
    return name;
  }

  /** The writer's settings with {@code user}, whose password is in a new JCEKS file. */
  private Configuration asUser(String url, String user, String password) throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.SERVER_URL, url);
    conf.setLong(SolrKeys.RETRY_BACKOFF, 100);
    conf.set(SolrKeys.AUTH_USER, user);
    conf.setBoolean(
        SolrKeys.AUTH_ALLOW_INSECURE, true); // the test cluster is plain http on loopback
    File jceks = new File(tmp.newFolder(), "trawler.jceks");
    conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, "jceks://file" + jceks.getPath());
    CredentialProvider provider = CredentialProviderFactory.getProviders(conf).get(0);
    provider.createCredentialEntry(SolrKeys.AUTH_PASSWORD, password.toCharArray());
    provider.flush();
    return conf;
  }

  private static IndexDocument page(String url) {
    return new IndexDocument().add("id", url).add("url", url).add("content", "secured page");
  }

  private void index(Configuration conf, String... urls) throws IOException {
    try (SolrIndexWriter writer = new SolrIndexWriter(pauses::add)) {
      writer.open(conf, null);
      for (String url : urls) {
        writer.add(page(url));
      }
      writer.commit();
    }
  }

  /** The one-line message of the writer's check, which must fail. */
  private static String checkFails(Configuration conf) {
    try {
      new SolrIndexWriter().check(conf);
      fail("the check passed");
      return null;
    } catch (IOException e) {
      assertFalse(e.getMessage(), e.getMessage().contains("\n"));
      return e.getMessage();
    }
  }

  @Test
  public void theRightUserAndPasswordFromACredentialProviderIndex() throws Exception {
    String c = newCollection();
    Configuration conf =
        asUser(solr.collectionUrl(0, c), SolrCluster.INDEXER, SolrCluster.INDEXER_PASSWORD);
    new SolrIndexWriter().check(conf);
    index(conf, "http://a.test/1", "http://a.test/2");
    assertEquals(List.of("http://a.test/1", "http://a.test/2"), solr.ids(c, "*:*"));
  }

  @Test
  public void aWrongPasswordIsOneLineNamingTheUserAndCollectionNeverThePassword() throws Exception {
    String c = newCollection();
    String url = solr.collectionUrl(0, c);
    String message = checkFails(asUser(url, SolrCluster.INDEXER, "not-the-Password-9"));
    assertTrue(
        message,
        message.startsWith(
            "solr at "
                + url
                + " refused a query by user 'indexer' on collection '"
                + c
                + "' (HTTP 401"));
    assertFalse(message, message.contains("not-the-Password-9"));
  }

  @Test
  public void aUserWhoMayOnlyReadIsRefusedAtTheCheckBeforeAnyTask() throws Exception {
    String c = newCollection();
    String url = solr.collectionUrl(0, c);
    String message = checkFails(asUser(url, SolrCluster.READER, SolrCluster.READER_PASSWORD));
    assertTrue(
        message,
        message.startsWith(
            "solr at "
                + url
                + " refused an update by user 'reader' on collection '"
                + c
                + "' (HTTP 403"));
    assertFalse(message, message.contains(SolrCluster.READER_PASSWORD));
  }

  @Test
  public void withoutCredentialsTheCheckSaysNoneWereGiven() throws Exception {
    String c = newCollection();
    Configuration conf = new Configuration(false);
    conf.set(SolrKeys.SERVER_URL, solr.collectionUrl(0, c));
    String message = checkFails(conf);
    assertTrue(message, message.contains("refused a query by no credentials on collection"));
  }

  @Test
  public void everyLiveNodeZooKeeperNamesGetsTheCredentials() throws Exception {
    String c = newCollection();
    Configuration conf = asUser("", SolrCluster.INDEXER, SolrCluster.INDEXER_PASSWORD);
    conf.set(SolrKeys.ZOOKEEPER_HOSTS, solr.zkHosts());
    conf.set(SolrKeys.COLLECTION, c);
    // The check asks every node for a query and an update.
    new SolrIndexWriter().check(conf);
    try (SolrConnection connection = new SolrConnection(conf, pauses::add)) {
      assertEquals(2, connection.urls().size());
    }
    index(conf, "http://a.test/zk");
    assertEquals(List.of("http://a.test/zk"), solr.ids(c, "*:*"));
  }

  @Test
  public void aDiscoveredNodeGetsTheCredentialsWhenTheConfiguredOneFails() throws Exception {
    String c = newCollection();
    try (FlakyProxy proxy = new FlakyProxy(solr.collectionUrl(0, "").replaceAll("/$", ""))) {
      Configuration conf =
          asUser(proxy.collectionUrl(c), SolrCluster.INDEXER, SolrCluster.INDEXER_PASSWORD);
      conf.setBoolean(SolrKeys.CLOUD_DISCOVER, true);
      proxy.failNextUpdates(100, 503);
      index(conf, "http://a.test/discovered");
      assertEquals(List.of(100L), pauses);
    }
    assertEquals(List.of("http://a.test/discovered"), solr.ids(c, "*:*"));
  }

  @Test
  public void aBearerTokenFromAnOwnerOnlyFileGoesWithEveryRequestToEveryUrl() throws Exception {
    String token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ0cmF3bGVyIn0.c2lnbmF0dXJl";
    File file = tmp.newFile("solr.token");
    Files.writeString(file.toPath(), token + "\n");
    Files.setPosixFilePermissions(file.toPath(), PosixFilePermissions.fromString("rw-------"));
    List<String> seen = new ArrayList<>();
    HttpServer first = recordingSolr(seen);
    HttpServer second = recordingSolr(seen);
    try {
      Configuration conf = new Configuration(false);
      conf.set(SolrKeys.SERVER_URL, url(first) + "," + url(second));
      conf.set(SolrKeys.AUTH_TOKEN_FILE, file.getPath());
      conf.setBoolean(SolrKeys.AUTH_ALLOW_INSECURE, true); // plain http on loopback
      new SolrIndexWriter().check(conf);
      index(conf, "http://a.test/token");
    } finally {
      first.stop(0);
      second.stop(0);
    }
    assertEquals(
        List.of(
            "1 GET /solr/crawl/select Bearer " + token,
            "1 POST /solr/crawl/update Bearer " + token,
            "2 GET /solr/crawl/select Bearer " + token,
            "2 POST /solr/crawl/update Bearer " + token,
            "1 POST /solr/crawl/update Bearer " + token),
        seen.stream()
            .map(s -> s.replace(":" + first.getAddress().getPort() + " ", "1 "))
            .map(s -> s.replace(":" + second.getAddress().getPort() + " ", "2 "))
            .toList());
  }

  @Test
  public void basicAuthenticationSendsUserAndPasswordAsRfc7617Has() throws Exception {
    List<String> seen = new ArrayList<>();
    HttpServer server = recordingSolr(seen);
    try {
      new SolrIndexWriter().check(asUser(url(server), "alice", "pä55:word"));
    } finally {
      server.stop(0);
    }
    String expected =
        "Basic "
            + Base64.getEncoder()
                .encodeToString("alice:pä55:word".getBytes(StandardCharsets.UTF_8));
    assertTrue(
        seen.toString(), seen.size() == 2 && seen.stream().allMatch(s -> s.endsWith(expected)));
  }

  @Test
  public void aTokenWithAUserIsABadSettingThatNeverShowsTheToken() throws Exception {
    File file = tmp.newFile("token");
    Files.writeString(file.toPath(), "t0ken");
    Files.setPosixFilePermissions(file.toPath(), PosixFilePermissions.fromString("rw-------"));
    Configuration both = new Configuration(false);
    both.set(SolrKeys.SERVER_URL, "http://127.0.0.1:9/solr/crawl");
    both.set(SolrKeys.AUTH_USER, "alice");
    both.set(SolrKeys.AUTH_TOKEN_FILE, file.getPath());
    try {
      new SolrIndexWriter().check(both);
      fail("accepted a token and a user");
    } catch (BadSettingException e) {
      assertEquals(SolrKeys.AUTH_TOKEN, e.key());
      assertFalse(e.getMessage(), e.getMessage().contains("t0ken"));
    }
  }

  /**
   * A stand-in Solr answering 200 to everything, recording "host:port METHOD path Authorization".
   */
  private static HttpServer recordingSolr(List<String> seen) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          try (InputStream in = exchange.getRequestBody()) {
            in.readAllBytes();
          }
          synchronized (seen) {
            seen.add(
                ":"
                    + server.getAddress().getPort()
                    + " "
                    + exchange.getRequestMethod()
                    + " "
                    + exchange.getRequestURI().getPath()
                    + " "
                    + exchange.getRequestHeaders().getFirst("Authorization"));
          }
          byte[] body = "{\"responseHeader\":{\"status\":0}}".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return server;
  }

  private static String url(HttpServer server) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/solr/crawl";
  }
}
