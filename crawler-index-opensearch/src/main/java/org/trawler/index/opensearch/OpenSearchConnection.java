package org.trawler.index.opensearch;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import org.apache.hadoop.conf.Configuration;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.util.Timeout;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.generic.Body;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5Transport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.client.transport.httpclient5.ResponseException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.conf.Settings;
import org.trawler.core.protocol.http.RemoteCredentials;
import org.trawler.core.protocol.http.TrustedCertificates;

/**
 * One task's (or the driver's) client for the cluster of opensearch.hosts: the official client on
 * HttpClient 5, with the truststore and credentials of the settings. Its transport moves on to the
 * next node when one does not answer.
 */
final class OpenSearchConnection implements Closeable {
  private final List<HttpHost> hosts;
  private final String index;
  private final RemoteCredentials credentials;
  private final ApacheHttpClient5Transport transport;
  private final OpenSearchClient client;

  OpenSearchConnection(Configuration conf) {
    this.credentials = RemoteCredentials.read(conf, OpenSearchKeys.CREDENTIALS);
    String setting = conf.get(OpenSearchKeys.HOSTS, OpenSearchKeys.DEFAULT_HOSTS);
    for (String url : setting.split(",")) {
      if (!url.isBlank()) {
        credentials.checkEndpoint(OpenSearchKeys.HOSTS, url.trim());
      }
    }
    this.hosts = hosts(setting);
    this.index = index(conf);
    Timeout timeout =
        Timeout.ofMilliseconds(
            Settings.getInt(conf, OpenSearchKeys.TIMEOUT, OpenSearchKeys.DEFAULT_TIMEOUT));
    SSLContext ssl = TrustedCertificates.fromSettings(conf, OpenSearchKeys.TRUSTSTORE);
    ApacheHttpClient5TransportBuilder builder =
        ApacheHttpClient5TransportBuilder.builder(hosts.toArray(new HttpHost[0]))
            .setMapper(new JacksonJsonpMapper())
            .setRequestConfigCallback(r -> requestTimeouts(r, timeout))
            .setHttpClientConfigCallback(
                http -> {
                  PoolingAsyncClientConnectionManagerBuilder connections =
                      PoolingAsyncClientConnectionManagerBuilder.create()
                          .setDefaultConnectionConfig(
                              ConnectionConfig.custom()
                                  .setConnectTimeout(timeout)
                                  .setSocketTimeout(timeout)
                                  .build());
                  if (ssl != null) {
                    connections.setTlsStrategy(
                        ClientTlsStrategyBuilder.create().setSslContext(ssl).build());
                  }
                  // a redirect would carry the credentials to a URL nobody checked
                  return http.setConnectionManager(connections.build()).disableRedirectHandling();
                });
    if (credentials.authorization() != null) {
      builder.setDefaultHeaders(new Header[] {credentials.authorization()});
    }
    this.transport = builder.build();
    this.client = new OpenSearchClient(transport);
  }

  /**
   * Every timeout of a request is opensearch.timeout.ms. The connect timeout too: the transport
   * puts its own (1 s) into the request configuration, where it wins over the connection manager's,
   * and a TLS handshake with a busy node takes longer.
   */
  @SuppressWarnings("deprecation")
  private static RequestConfig.Builder requestTimeouts(RequestConfig.Builder r, Timeout timeout) {
    return r.setConnectTimeout(timeout)
        .setConnectionRequestTimeout(timeout)
        .setResponseTimeout(timeout);
  }

  /** The nodes of an opensearch.hosts value. */
  static List<HttpHost> hosts(String setting) {
    List<HttpHost> hosts = new ArrayList<>();
    for (String url : setting.split(",")) {
      url = url.trim().replaceAll("/+$", "");
      if (url.isEmpty()) {
        continue;
      }
      try {
        URI uri = new URI(url);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https"))
            || uri.getHost() == null
            || !(uri.getPath() == null || uri.getPath().isEmpty())) {
          throw new URISyntaxException(url, "not a node");
        }
        int port = uri.getPort() < 0 ? 9200 : uri.getPort();
        hosts.add(new HttpHost(scheme, uri.getHost(), port));
      } catch (URISyntaxException e) {
        throw new BadSettingException(
            OpenSearchKeys.HOSTS,
            "'" + url + "' is not the http(s) URL of a node, e.g. https://localhost:9200");
      }
    }
    if (hosts.isEmpty()) {
      throw new BadSettingException(
          OpenSearchKeys.HOSTS, "not set; give the cluster's nodes, e.g. https://localhost:9200");
    }
    return hosts;
  }

  private static String index(Configuration conf) {
    String index = conf.getTrimmed(OpenSearchKeys.INDEX, OpenSearchKeys.DEFAULT_INDEX);
    if (index.isEmpty()
        || !index.equals(index.toLowerCase(Locale.ROOT))
        || index.startsWith("_")
        || index.startsWith("-")
        || !index.matches("[^\\\\/*?\"<>| ,#:]+")) {
      throw new BadSettingException(
          OpenSearchKeys.INDEX,
          "'" + index + "' is not an index name (lowercase, no spaces, no \\/*?\"<>|,#:)");
    }
    return index;
  }

  String index() {
    return index;
  }

  /**
   * Asks the cluster who it is: an IOException whose one-line message names the nodes when none
   * answers, or the credentials when it refuses them.
   */
  void check() throws IOException {
    int status;
    try (Response r = request("GET", "/", null)) {
      status = r.getStatus();
    } catch (IOException e) {
      ResponseException refused = responseOf(e);
      if (refused == null) {
        throw e;
      }
      status = refused.status();
    }
    if (status == 401 || status == 403) {
      throw new IOException(hostList() + " refused " + credentials + " (HTTP " + status + ")");
    }
    if (status != 200) {
      throw new IOException(hostList() + " answered HTTP " + status);
    }
  }

  /** The HTTP answer an exception carries, or null when the node did not answer. */
  private static ResponseException responseOf(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ResponseException r) {
        return r;
      }
    }
    return null;
  }

  /** Whether the index (or alias) exists. */
  boolean indexExists() throws IOException {
    try (Response r = request("HEAD", "/" + index, null)) {
      if (r.getStatus() == 404) {
        return false;
      }
      if (r.getStatus() != 200) {
        throw new IOException(
            "asking " + hostList() + " for index " + index + ": HTTP " + r.getStatus());
      }
      return true;
    }
  }

  /**
   * Installs the template (a classpath resource) for the index alone, under the name trawler-INDEX,
   * and creates the index with it.
   */
  void installTemplate(String resource) throws IOException {
    ObjectNode template;
    try (InputStream in = CrawlerConfiguration.resourceLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new BadSettingException(
            OpenSearchKeys.TEMPLATE, resource + " is not on the classpath (conf/" + resource + ")");
      }
      template = (ObjectNode) new ObjectMapper().readTree(in);
    }
    template.putArray("index_patterns").add(index);
    String name = "trawler-" + index;
    succeed(request("PUT", "/_index_template/" + name, template.toString()), "template " + name);
    succeed(request("PUT", "/" + index, "{}"), "index " + index);
  }

  /** Sends one bulk request. */
  BulkResponse bulk(List<BulkOperation> operations) throws IOException {
    return client.bulk(b -> b.index(index).operations(operations));
  }

  /** Makes what was indexed so far searchable. */
  void refresh() throws IOException {
    succeed(request("POST", "/" + index + "/_refresh", null), "refresh of " + index);
  }

  /** Whether a failed request may succeed when sent again: busy (429), 5xx or no answer. */
  static boolean retriable(Exception e) {
    if (e instanceof OpenSearchException o) {
      return o.status() == 429 || o.status() >= 500;
    }
    return true;
  }

  private Response request(String method, String path, String json) throws IOException {
    Requests.JsonBodyBuilder request = Requests.builder().method(method).endpoint(path);
    if (json != null) {
      request.json(json);
    }
    try {
      return client.generic().execute(request.build());
    } catch (IOException | RuntimeException e) {
      throw new IOException("no node of " + hostList() + " answers: " + oneLine(e), e);
    }
  }

  private void succeed(Response r, String what) throws IOException {
    try (r) {
      if (r.getStatus() >= 300) {
        throw new IOException(
            what + " on " + hostList() + ": HTTP " + r.getStatus() + " " + body(r));
      }
    }
  }

  private static String body(Response r) {
    return r.getBody().map(Body::bodyAsString).orElse("").replaceAll("\\s+", " ").trim();
  }

  private String hostList() {
    List<String> urls = new ArrayList<>();
    for (HttpHost h : hosts) {
      urls.add(h.toURI());
    }
    return String.join(",", urls);
  }

  private static String oneLine(Exception e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? "" : root.getMessage();
    return (root.getClass().getSimpleName() + ": " + message).replaceAll("\\s+", " ").trim();
  }

  @Override
  public void close() throws IOException {
    transport.close();
  }
}
