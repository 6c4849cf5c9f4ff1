package org.trawler.index.solr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.servlet.Filter;
import org.apache.solr.client.solrj.SolrQuery;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.impl.Http2SolrClient;
import org.apache.solr.client.solrj.impl.HttpClientUtil;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrDocumentList;
import org.apache.solr.security.Sha256AuthenticationProvider;
import org.apache.solr.util.SSLTestConfig;

/**
 * A real Solr for the tests: Solr's own MiniSolrCloudCluster (Jetty and an embedded ZooKeeper in
 * this JVM), with the shipped configset conf/solr uploaded, and collections made from it; or, from
 * {@link #secured}, one with Solr's security plugins enabled, over plain HTTP or HTTPS.
 */
final class SolrCluster implements AutoCloseable {
  /** The configset the README tells users to create their collection from. */
  static final Path CONFIGSET = Path.of("../conf/solr/conf");

  /** The secured cluster's users: all roles, read and update, read only. */
  static final String ADMIN = "admin";

  static final String INDEXER = "indexer";
  static final String READER = "reader";

  /** Their passwords. */
  static final String ADMIN_PASSWORD = "Admin-Pw-4711";

  static final String INDEXER_PASSWORD = "Indexer-Pw-0815-secret";
  static final String READER_PASSWORD = "Reader-Pw-1234";

  private static final String JETTY_TEST_MODE = "jetty.testMode";

  private final MiniSolrCloudCluster cluster;
  private final Path baseDir;
  private final boolean secured;
  private final SSLTestConfig ssl;

  SolrCluster(int nodes) throws Exception {
    this(nodes, false, false);
  }

  private SolrCluster(int nodes, boolean secured, boolean https) throws Exception {
    this(nodes, secured, https, null);
  }

  private SolrCluster(
      int nodes, boolean secured, boolean https, Class<? extends Filter> requestFilter)
      throws Exception {
    this.secured = secured;
    baseDir = Files.createTempDirectory("trawler-solr");
    MiniSolrCloudCluster.Builder builder =
        new MiniSolrCloudCluster.Builder(nodes, baseDir).addConfig("trawler", CONFIGSET);
    if (secured) {
      builder.withSecurityJson(securityJson());
    }
    if (https) {
      // Solr's test certificate, self-signed for localhost and 127.0.0.1; Solr's own clients (the
      // nodes' and the tests') trust it through SolrJ's defaults, which close() resets.
      ssl = new SSLTestConfig(true, false, true);
      // JettySolrRunner sets up its TLS connector only in Solr's test mode.
      System.setProperty(JETTY_TEST_MODE, "true");
      HttpClientUtil.setSocketFactoryRegistryProvider(
          ssl.buildClientSocketFactoryRegistryProvider());
      Http2SolrClient.setDefaultSSLConfig(ssl.buildClientSSLConfig());
    } else {
      ssl = null;
    }
    builder.withJettyConfig(
        jetty -> {
          if (ssl != null) {
            jetty.withSSLConfig(ssl.buildServerSSLConfig());
          }
          if (requestFilter != null) {
            jetty.withFilter(requestFilter, "/*");
          }
        });
    cluster = builder.build();
  }

  /**
   * A cluster whose every request needs a user (Solr's BasicAuthPlugin, blockUnknown) and whose
   * collections only {@link #ADMIN} may administer, {@link #INDEXER} may read and update, {@link
   * #READER} may read (RuleBasedAuthorizationPlugin); over HTTPS with {@code https}.
   */
  static SolrCluster secured(int nodes, boolean https) throws Exception {
    return new SolrCluster(nodes, true, https);
  }

  /** As {@link #secured}, every request passing {@code requestFilter} in each node first. */
  static SolrCluster secured(int nodes, boolean https, Class<? extends Filter> requestFilter)
      throws Exception {
    return new SolrCluster(nodes, true, https, requestFilter);
  }

  /**
   * Writes a PKCS12 truststore holding the HTTPS cluster's certificate, as a user would import
   * their Solr's certificate or CA with keytool -importcert.
   */
  void writeTrustStore(Path file, String password) throws Exception {
    KeyStore server = ssl.defaultKeyStore();
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    for (String alias : java.util.Collections.list(server.aliases())) {
      trust.setCertificateEntry("solr-" + alias, server.getCertificate(alias));
    }
    try (var out = Files.newOutputStream(file)) {
      trust.store(out, password.toCharArray());
    }
  }

  private static String securityJson() {
    return "{\"authentication\":{\"class\":\"solr.BasicAuthPlugin\",\"blockUnknown\":true,"
        + "\"credentials\":{"
        + credential(ADMIN, ADMIN_PASSWORD)
        + ","
        + credential(INDEXER, INDEXER_PASSWORD)
        + ","
        + credential(READER, READER_PASSWORD)
        + "}},\"authorization\":{\"class\":\"solr.RuleBasedAuthorizationPlugin\","
        + "\"permissions\":["
        + "{\"name\":\"read\",\"role\":[\"reader\",\"indexer\",\"admin\"]},"
        + "{\"name\":\"update\",\"role\":[\"indexer\",\"admin\"]},"
        + "{\"name\":\"collection-admin-read\",\"role\":[\"indexer\",\"admin\"]},"
        + "{\"name\":\"all\",\"role\":\"admin\"}],"
        + "\"user-role\":{\"admin\":\"admin\",\"indexer\":\"indexer\",\"reader\":\"reader\"}}}";
  }

  /**
   * A BasicAuthPlugin credentials entry: the salted SHA-256 of the password, never the password.
   */
  private static String credential(String user, String password) {
    return "\""
        + user
        + "\":\""
        + Sha256AuthenticationProvider.getSaltedHashedValue(password)
        + "\"";
  }

  /** The tests' own requests go as the admin user on a secured cluster. */
  private <T extends SolrRequest<?>> T asAdmin(T request) {
    if (secured) {
      request.setBasicAuthCredentials(ADMIN, ADMIN_PASSWORD);
    }
    return request;
  }

  /** Creates a collection from the configset and returns its URL on the first node. */
  String createCollection(String name, int shards) throws Exception {
    asAdmin(CollectionAdminRequest.createCollection(name, "trawler", shards, 1))
        .process(cluster.getSolrClient());
    cluster.waitForActiveCollection(name, shards, shards);
    return collectionUrl(0, name);
  }

  /** The cluster's ZooKeeper with Solr's chroot, as solr.zookeeper.hosts takes it. */
  String zkHosts() {
    return cluster.getZkServer().getZkAddress();
  }

  /** A collection's URL on one node. */
  String collectionUrl(int node, String name) {
    return cluster.getJettySolrRunners().get(node).getBaseUrl() + "/" + name;
  }

  /** The ids of the documents matching a query, sorted. */
  List<String> ids(String collection, String query) throws Exception {
    List<String> ids = new ArrayList<>();
    for (SolrDocument doc : query(collection, query)) {
      ids.add((String) doc.getFieldValue("id"));
    }
    ids.sort(null);
    return ids;
  }

  /** A SolrJ client of the cluster, for the tests' own requests. */
  org.apache.solr.client.solrj.SolrClient client() {
    return cluster.getSolrClient();
  }

  SolrDocumentList query(String collection, String query) throws Exception {
    SolrQuery q = new SolrQuery(query).setRows(10_000);
    return asAdmin(new QueryRequest(q)).process(cluster.getSolrClient(), collection).getResults();
  }

  @Override
  public void close() throws Exception {
    try {
      cluster.shutdown();
    } finally {
      if (ssl != null) {
        System.clearProperty(JETTY_TEST_MODE);
        Http2SolrClient.resetSslContextFactory();
        HttpClientUtil.setSocketFactoryRegistryProvider(
            new SSLTestConfig(false, false).buildClientSocketFactoryRegistryProvider());
      }
      deleteRecursively(baseDir);
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
