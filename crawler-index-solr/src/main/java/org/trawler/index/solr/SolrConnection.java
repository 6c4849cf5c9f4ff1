package org.trawler.index.solr;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.protocol.http.RemoteCredentials;
import org.trawler.core.protocol.http.TrustedCertificates;
import org.trawler.jobs.index.RetryBackoff;

/**
 * Requests to one Solr collection through its JSON API over HttpClient 5. An update that fails with
 * a 5xx answer, a timeout or a refused connection is retried after a growing pause, each time on
 * the next of the collection's URLs; a 4xx answer (a document the schema rejects) is final.
 * Resending a batch whose answer timed out is safe: adds and deletes by id are idempotent.
 */
final class SolrConnection implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(SolrConnection.class);

  /** Waits between retries; tests record the pauses instead of sleeping. */
  interface Pause {
    void sleep(long ms) throws InterruptedException;
  }

  private static final TrustedCertificates.Keys TRUST_STORE =
      new TrustedCertificates.Keys(
          SolrKeys.TLS_TRUSTSTORE,
          SolrKeys.TLS_TRUSTSTORE_TYPE,
          SolrKeys.DEFAULT_TLS_TRUSTSTORE_TYPE,
          SolrKeys.TLS_TRUSTSTORE_PASSWORD);

  private final List<String> urls;
  private final RemoteCredentials credentials;
  private final int maxRetries;
  private final long backoffMs;
  private final Pause pause;
  private final CloseableHttpClient client;
  private final int configured;
  private int current;

  SolrConnection(Configuration conf, Pause pause) throws IOException {
    // Settings first, so that a bad one is reported before any server is asked.
    this.credentials = RemoteCredentials.read(conf, SolrKeys.CREDENTIALS);
    SSLContext trust = TrustedCertificates.fromSettings(conf, TRUST_STORE);
    this.urls = configuredUrls(conf);
    String urlKey =
        conf.getTrimmed(SolrKeys.ZOOKEEPER_HOSTS, SolrKeys.DEFAULT_ZOOKEEPER_HOSTS).isEmpty()
            ? SolrKeys.SERVER_URL
            : SolrKeys.ZOOKEEPER_HOSTS;
    for (String url : urls) {
      credentials.checkEndpoint(urlKey, url);
    }
    this.configured = urls.size();
    this.maxRetries =
        Settings.getInt(
            conf, SolrKeys.MAX_RETRIES, SolrKeys.DEFAULT_MAX_RETRIES, 0, Integer.MAX_VALUE);
    this.backoffMs = Settings.getLong(conf, SolrKeys.RETRY_BACKOFF, SolrKeys.DEFAULT_RETRY_BACKOFF);
    Timeout timeout =
        Timeout.ofMilliseconds(Settings.getInt(conf, SolrKeys.TIMEOUT, SolrKeys.DEFAULT_TIMEOUT));
    this.pause = pause;
    PoolingHttpClientConnectionManagerBuilder connections =
        PoolingHttpClientConnectionManagerBuilder.create()
            .setDefaultConnectionConfig(
                ConnectionConfig.custom()
                    .setConnectTimeout(timeout)
                    .setSocketTimeout(timeout)
                    .build());
    if (trust != null) {
      connections.setTlsSocketStrategy(new DefaultClientTlsStrategy(trust));
    }
    HttpClientBuilder builder =
        HttpClients.custom()
            .setConnectionManager(connections.build())
            .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(timeout).build())
            .disableAutomaticRetries()
            // a redirect would carry the credentials to a URL nobody checked (plain http, another
            // host); Solr's APIs do not redirect, so one is an answer like any other
            .disableRedirectHandling();
    if (credentials.authorization() != null) {
      builder.setDefaultHeaders(List.of(credentials.authorization()));
    }
    this.client = builder.build();
  }

  /**
   * Adds, after the configured URLs, the collection's URL on every other SolrCloud node holding one
   * of its replicas, as Solr's CLUSTERSTATUS asked of the first URL's node names them: a task then
   * moves on to those nodes when the configured ones fail. A standalone Solr (which answers 400) or
   * a node that does not answer leaves the list as configured.
   */
  void discoverNodes() {
    String first = urls.get(0);
    int slash = first.lastIndexOf('/');
    String collection = first.substring(slash + 1);
    Reply reply =
        send(
            new HttpGet(
                first.substring(0, slash)
                    + "/admin/collections?action=CLUSTERSTATUS&wt=json&collection="
                    + URLEncoder.encode(collection, StandardCharsets.UTF_8)));
    if (reply.code != 200) {
      LOG.info("solr: no SolrCloud nodes from {} ({}): using {}", first, reply.describe(), urls);
      return;
    }
    for (String node : nodeUrls(reply.body)) {
      String url = node + "/" + collection;
      if (!credentials.mayBeSentTo(url)) {
        LOG.warn(
            "solr: node {} left out: it is plain http and the credentials go over https only ({})",
            url,
            SolrKeys.AUTH_ALLOW_INSECURE);
        continue;
      }
      if (!urls.contains(url)) {
        urls.add(url);
      }
    }
  }

  /** The base URLs of the nodes (http://host:8983/solr) a CLUSTERSTATUS answer names. */
  static Set<String> nodeUrls(String clusterStatus) {
    Set<String> nodes = new LinkedHashSet<>();
    for (String baseUrl : JsonFields.named(clusterStatus, "base_url")) {
      nodes.add(baseUrl.replaceAll("/+$", ""));
    }
    return nodes;
  }

  /** Starts with the configured URL this task's number picks, so that tasks spread over them. */
  void startAt(int task) {
    current = Math.floorMod(task, configured);
  }

  /** The URLs this connection sends to, in order. */
  List<String> urls() {
    return List.copyOf(urls);
  }

  /** The collection's URLs in a solr.server.url value, without trailing slashes. */
  /**
   * solr.server.url's URLs, or with solr.zookeeper.hosts the URLs of solr.collection on the live
   * SolrCloud nodes its ZooKeeper names.
   */
  private static List<String> configuredUrls(Configuration conf) throws IOException {
    String servers = conf.get(SolrKeys.SERVER_URL, SolrKeys.DEFAULT_SERVER_URL).trim();
    String zkHosts = conf.get(SolrKeys.ZOOKEEPER_HOSTS, SolrKeys.DEFAULT_ZOOKEEPER_HOSTS).trim();
    if (zkHosts.isEmpty()) {
      return urls(servers);
    }
    if (!servers.isEmpty()) {
      throw new BadSettingException(
          SolrKeys.ZOOKEEPER_HOSTS,
          "'"
              + zkHosts
              + "' and "
              + SolrKeys.SERVER_URL
              + " '"
              + servers
              + "' are both set; give one");
    }
    String collection = conf.get(SolrKeys.COLLECTION, SolrKeys.DEFAULT_COLLECTION).trim();
    if (collection.isEmpty()) {
      throw new BadSettingException(
          SolrKeys.COLLECTION,
          "not set; " + SolrKeys.ZOOKEEPER_HOSTS + "=" + zkHosts + " needs the collection's name");
    }
    if (collection.contains("/")) {
      throw new BadSettingException(
          SolrKeys.COLLECTION, "'" + collection + "' is a path, not a collection's name");
    }
    int timeout = Settings.getInt(conf, SolrKeys.TIMEOUT, SolrKeys.DEFAULT_TIMEOUT);
    List<String> urls = SolrCloudNodes.collectionUrls(zkHosts, collection, timeout);
    LOG.info("solr: {} on the live nodes of {}: {}", collection, zkHosts, urls);
    return new ArrayList<>(urls);
  }

  static List<String> urls(String setting) {
    List<String> urls = new ArrayList<>();
    for (String url : setting.split(",")) {
      url = url.trim().replaceAll("/+$", "");
      if (url.isEmpty()) {
        continue;
      }
      if (!url.startsWith("http://") && !url.startsWith("https://")) {
        throw new BadSettingException(
            SolrKeys.SERVER_URL,
            "'"
                + url
                + "' is not an http(s) URL of a collection, e.g. http://localhost:8983/solr/crawl");
      }
      urls.add(url);
    }
    if (urls.isEmpty()) {
      throw new BadSettingException(
          SolrKeys.SERVER_URL,
          "not set; give the collection's URL, e.g. http://localhost:8983/solr/crawl");
    }
    return urls;
  }

  /**
   * Asks every URL for an empty query and sends it an empty update: throws an IOException whose
   * message is one line naming the URL when a server does not answer, has no such collection or
   * refuses the credentials to read or update it (the index job puts the writer's name before it).
   */
  void check() throws IOException {
    for (String url : urls) {
      Reply reply = send(new HttpGet(url + "/select?q=*:*&rows=0&wt=json"));
      if (reply.code == Reply.NO_ANSWER) {
        throw new IOException(url + " does not answer: " + reply.message);
      }
      if (reply.code == 404) {
        throw new IOException(
            url
                + " is not a collection or core (HTTP 404); create one with"
                + " `solr create -c <name> -d conf/solr`");
      }
      if (reply.code != 200) {
        throw new IOException(refusal(url, reply, "a query"));
      }
      // A user who may read but not update is found here too, before any task.
      HttpPost empty = new HttpPost(url + "/update?wt=json");
      empty.setEntity(new StringEntity("[]", ContentType.APPLICATION_JSON));
      reply = send(empty);
      if (reply.code != 200) {
        throw new IOException(refusal(url, reply, "an update"));
      }
    }
  }

  /** One line: a 401 or 403 names who was refused and the collection; other codes as they are. */
  private String refusal(String url, Reply reply, String what) {
    if (reply.refused()) {
      return "solr at "
          + url
          + " refused "
          + what
          + " by "
          + credentials
          + " on collection '"
          + url.substring(url.lastIndexOf('/') + 1)
          + "' ("
          + reply.describe()
          + ")";
    }
    return url + " answered " + what + " with " + reply.describe();
  }

  /** Sends an update body (Solr's JSON update commands); with {@code commit}, commits after it. */
  void update(String json, boolean commit) throws IOException {
    String path = "/update?wt=json" + (commit ? "&commit=true" : "");
    for (int retry = 0; ; retry++) {
      String url = urls.get(current);
      HttpPost post = new HttpPost(url + path);
      post.setEntity(new StringEntity(json, ContentType.APPLICATION_JSON));
      Reply reply = send(post);
      if (reply.code == 200) {
        return;
      }
      if (reply.refused()) {
        throw new IOException(refusal(url, reply, "an update"));
      }
      if (!reply.retriable()) {
        throw new IOException("solr at " + url + " rejected an update: " + reply.describe());
      }
      if (retry == maxRetries) {
        throw new IOException(
            "solr update to "
                + url
                + " failed after "
                + maxRetries
                + " retries: "
                + reply.describe());
      }
      long wait = pause(backoffMs, retry);
      LOG.warn(
          "solr: update to {} failed ({}); retry {} of {} in {} ms",
          url,
          reply.describe(),
          retry + 1,
          maxRetries,
          wait);
      current = (current + 1) % urls.size();
      try {
        pause.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("solr: interrupted while waiting to retry " + url);
      }
    }
  }

  /** The pause before retry number {@code retry} (0-based): {@link RetryBackoff}'s. */
  static long pause(long backoffMs, int retry) {
    return new RetryBackoff(backoffMs).pause(retry);
  }

  private Reply send(ClassicHttpRequest request) {
    try {
      return client.execute(
          request,
          response ->
              new Reply(
                  response.getCode(),
                  response.getReasonPhrase(),
                  response.getEntity() == null
                      ? ""
                      : EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8)));
    } catch (SSLException e) {
      return new Reply(
          Reply.NO_ANSWER,
          "TLS failed ("
              + e.getMessage()
              + "); if Solr's certificate is signed by your own CA, name a keystore holding it in "
              + SolrKeys.TLS_TRUSTSTORE,
          "");
    } catch (IOException e) {
      // Refused, reset, timed out, unknown host: the server did not answer.
      return new Reply(Reply.NO_ANSWER, e.getClass().getSimpleName() + ": " + e.getMessage(), "");
    }
  }

  @Override
  public void close() throws IOException {
    client.close();
  }

  /** What Solr answered, or why it did not. */
  private record Reply(int code, String message, String body) {
    static final int NO_ANSWER = -1;

    /** Solr's answer to missing or wrong credentials (401), or to a user without the role (403). */
    boolean refused() {
      return code == 401 || code == 403;
    }

    boolean retriable() {
      return code == NO_ANSWER || code >= 500;
    }

    /** One line: the status and Solr's error message, or the reason the server did not answer. */
    String describe() {
      if (code == NO_ANSWER) {
        return message;
      }
      String msg = JsonFields.first(body, "msg");
      String detail = msg == null ? "" : msg;
      return ("HTTP "
              + code
              + " "
              + (message == null ? "" : message)
              + (detail.isEmpty() ? "" : ": " + detail))
          .replaceAll("\\s+", " ")
          .trim();
    }
  }
}
