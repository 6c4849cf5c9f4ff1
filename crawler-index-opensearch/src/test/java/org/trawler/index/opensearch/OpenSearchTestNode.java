package org.trawler.index.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;

/**
 * A real one-node OpenSearch cluster on 127.0.0.1 for the tests, run in a JVM of its own
 * (crawler-opensearch-testnode's classpath: OpenSearch's Lucene, Jackson and Netty never meet
 * Hadoop's). It owns the process: {@link #close} stops it, and the node stops by itself when this
 * JVM dies (its standard input closes).
 */
final class OpenSearchTestNode implements AutoCloseable {
  private static OpenSearchTestNode shared;

  private final Process process;
  private final int port;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http = HttpClient.newHttpClient();

  OpenSearchTestNode(Path dir) throws IOException, InterruptedException {
    String classpath =
        System.getProperty("trawler.opensearch.node.jar")
            + java.io.File.pathSeparator
            + Files.readString(Path.of(System.getProperty("trawler.opensearch.node.classpath")))
                .trim();
    Path portFile = dir.resolve("port");
    process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-cp",
                classpath,
                "org.trawler.opensearch.testnode.TestNode",
                dir.resolve("node").toString(),
                portFile.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("node.log").toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!Files.exists(portFile)) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        process.destroyForcibly();
        throw new IOException(
            "the OpenSearch test node did not start: " + Files.readString(dir.resolve("node.log")));
      }
      Thread.sleep(200);
    }
    port = Integer.parseInt(Files.readString(portFile).trim());
  }

  /**
   * The node this JVM's tests share (one node start for all of them; each test class uses indices
   * of its own), started by the first that asks and stopped when the JVM ends.
   */
  static synchronized OpenSearchTestNode shared() throws IOException, InterruptedException {
    if (shared == null) {
      Path dir = Files.createTempDirectory("trawler-opensearch");
      OpenSearchTestNode node = new OpenSearchTestNode(dir);
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    try {
                      node.close();
                      FileUtils.deleteQuietly(dir.toFile());
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  }));
      shared = node;
    }
    return shared;
  }

  int port() {
    return port;
  }

  String url() {
    return "http://127.0.0.1:" + port;
  }

  /** A request to the node, answering its status and body. */
  Answer call(String method, String path, String json) throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url() + path))
            .method(
                method,
                json == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
    if (json != null) {
      request.header("Content-Type", "application/json");
    }
    HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(r.statusCode(), r.body());
  }

  record Answer(int status, String body) {}

  /** The ids of the documents in an index a query (OpenSearch's query DSL) finds. */
  Set<String> ids(String index, Map<String, Object> query)
      throws IOException, InterruptedException {
    JsonNode hits =
        JSON.readTree(
                call(
                        "POST",
                        "/" + index + "/_search",
                        JSON.writeValueAsString(Map.of("size", 10000, "query", query)))
                    .body())
            .path("hits")
            .path("hits");
    Set<String> ids = new TreeSet<>();
    hits.forEach(h -> ids.add(h.path("_id").asText()));
    return ids;
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
