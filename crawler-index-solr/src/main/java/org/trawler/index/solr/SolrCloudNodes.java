package org.trawler.index.solr;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * A SolrCloud collection's URLs on the cluster's live nodes, read from the cluster's ZooKeeper
 * (solr.zookeeper.hosts, with Solr's chroot, e.g. zk1:2181,zk2:2181/solr): any live node routes
 * updates to the collection's shard leaders. The ZooKeeper client is shaded into this module's jar,
 * so it never meets the ZooKeeper version of a Hadoop classpath.
 */
final class SolrCloudNodes {

  private SolrCloudNodes() {}

  /** The collection's URL on each live node, sorted; one line naming what is missing otherwise. */
  static List<String> collectionUrls(String zkHosts, String collection, int timeoutMs)
      throws IOException {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk =
        new ZooKeeper(
            zkHosts,
            timeoutMs,
            event -> {
              if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
                connected.countDown();
              }
            });
    try {
      if (!connected.await(timeoutMs, TimeUnit.MILLISECONDS)) {
        throw new IOException("SolrCloud's ZooKeeper " + zkHosts + " does not answer");
      }
      if (zk.exists("/collections/" + collection, false) == null) {
        throw new IOException(
            "SolrCloud at "
                + zkHosts
                + " has no collection '"
                + collection
                + "'; create one with `solr create -c "
                + collection
                + " -d conf/solr`");
      }
      String scheme = urlScheme(zk);
      List<String> urls = new ArrayList<>();
      for (String node : zk.getChildren("/live_nodes", false)) {
        urls.add(baseUrl(scheme, node) + "/" + collection);
      }
      if (urls.isEmpty()) {
        throw new IOException("SolrCloud at " + zkHosts + " has no live node");
      }
      urls.sort(null);
      return urls;
    } catch (KeeperException e) {
      throw new IOException("SolrCloud's ZooKeeper " + zkHosts + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while asking ZooKeeper " + zkHosts);
    } finally {
      try {
        zk.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * A node's base URL from its live node name, Solr's {@code host:port_context} with the context
   * path URL-encoded: 127.0.0.1:8983_solr is http://127.0.0.1:8983/solr.
   */
  static String baseUrl(String scheme, String nodeName) {
    int cut = nodeName.indexOf('_');
    String hostPort = cut < 0 ? nodeName : nodeName.substring(0, cut);
    String context =
        cut < 0 ? "" : URLDecoder.decode(nodeName.substring(cut + 1), StandardCharsets.UTF_8);
    return scheme + "://" + hostPort + (context.isEmpty() ? "" : "/" + context);
  }

  /** http, or https when the cluster's properties say so (Solr's urlScheme). */
  static String urlScheme(String clusterProps) {
    String scheme = JsonFields.first(clusterProps, "urlScheme");
    return "https".equals(scheme) ? "https" : "http";
  }

  private static String urlScheme(ZooKeeper zk) throws KeeperException, InterruptedException {
    Stat stat = zk.exists("/clusterprops.json", false);
    if (stat == null) {
      return "http";
    }
    byte[] data = zk.getData("/clusterprops.json", false, stat);
    return data == null ? "http" : urlScheme(new String(data, StandardCharsets.UTF_8));
  }
}
