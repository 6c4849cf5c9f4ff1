package org.trawler.opensearch.testnode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.codelibs.opensearch.runner.OpenSearchRunner;
import org.opensearch.http.HttpServerTransport;

/**
 * A one-node OpenSearch cluster on 127.0.0.1 for tests: {@code TestNode <base dir> <port file>}
 * starts it on an ephemeral HTTP port, writes that port into the port file once the cluster is
 * yellow, and stops when its standard input closes (the test that started it ended or died).
 */
public final class TestNode {
  private TestNode() {}

  public static void main(String[] args) throws Exception {
    OpenSearchRunner runner = new OpenSearchRunner();
    runner.onBuild(
        (number, settings) -> {
          settings.put("network.host", "127.0.0.1");
          settings.put("http.port", "0");
          settings.put("transport.port", "0");
          settings.put("cluster.routing.allocation.disk.threshold_enabled", "false");
        });
    runner.build(
        OpenSearchRunner.newConfigs()
            .basePath(args[0])
            .numOfNode(1)
            .clusterName("trawler-test")
            .disableESLogger());
    runner.ensureYellow();
    int port =
        runner
            .node()
            .injector()
            .getInstance(HttpServerTransport.class)
            .boundAddress()
            .publishAddress()
            .getPort();
    Path portFile = Path.of(args[1]);
    Path partial = portFile.resolveSibling(portFile.getFileName() + ".tmp");
    Files.writeString(partial, Integer.toString(port), StandardCharsets.UTF_8);
    Files.move(partial, portFile);
    while (System.in.read() >= 0) {
      // wait for the parent to close our input
    }
    runner.close();
    runner.clean();
    System.exit(0);
  }
}
