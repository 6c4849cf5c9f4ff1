package org.trawler.index.solr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.solr.client.solrj.SolrQuery;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrDocumentList;

/**
 * A real Solr for the tests: Solr's own MiniSolrCloudCluster (Jetty and an embedded ZooKeeper in
 * this JVM), with the shipped configset conf/solr uploaded, and collections made from it.
 */
final class SolrCluster implements AutoCloseable {
  /** The configset the README tells users to create their collection from. */
  static final Path CONFIGSET = Path.of("../conf/solr/conf");

  private final MiniSolrCloudCluster cluster;
  private final Path baseDir;

  SolrCluster(int nodes) throws Exception {
    baseDir = Files.createTempDirectory("trawler-solr");
    cluster =
        new MiniSolrCloudCluster.Builder(nodes, baseDir).addConfig("trawler", CONFIGSET).build();
  }

  /** Creates a collection from the configset and returns its URL on the first node. */
  String createCollection(String name, int shards) throws Exception {
    CollectionAdminRequest.createCollection(name, "trawler", shards, 1)
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
    return cluster.getSolrClient().query(collection, q).getResults();
  }

  @Override
  public void close() throws Exception {
    try {
      cluster.shutdown();
    } finally {
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
