package org.trawler.core.protocol;

/**
 * Configuration keys of fetching over HTTP and robots.txt (conf/trawler-default.xml, sections
 * Fetcher and HTTP), each with its default. The fetcher keys a {@link Protocol} reads too (threads,
 * threads per queue, the Crawl-delay cap) are here, not in the fetcher's keys, because core cannot
 * see those.
 */
public final class ProtocolKeys {
  /** Fetcher threads per fetch task (-threads overrides it); sizes the connection pool. */
  public static final String FETCHER_THREADS = "fetcher.threads.fetch";

  public static final int DEFAULT_FETCHER_THREADS = 10;

  /** Requests in flight to one queue (host, domain or IP); sizes the connection pool per route. */
  public static final String FETCHER_THREADS_PER_QUEUE = "fetcher.threads.per.queue";

  public static final int DEFAULT_FETCHER_THREADS_PER_QUEUE = 1;

  /**
   * Seconds: a larger robots.txt Crawl-delay makes the host's URLs fetch_gone
   * (crawl_delay_too_long), and a Retry-After is capped at this; -1 = no cap.
   */
  public static final String FETCHER_MAX_CRAWL_DELAY = "fetcher.max.crawl.delay";

  public static final long DEFAULT_FETCHER_MAX_CRAWL_DELAY = 30;

  /**
   * Keep what went over the wire (request and response heads, IP address, request time) in the
   * segment's http_transcript, for WARC.
   */
  public static final String STORE_HTTP_HEADERS = "fetcher.store.http.headers";

  public static final boolean DEFAULT_STORE_HTTP_HEADERS = true;

  public static final String AGENT_NAME = "http.agent.name";
  public static final String DEFAULT_AGENT_NAME = "Trawler/0.1.0";
  public static final String AGENT_URL = "http.agent.url";
  public static final String AGENT_EMAIL = "http.agent.email";

  /** Comma-separated robots.txt agent names; empty = the first token of http.agent.name. */
  public static final String ROBOTS_AGENTS = "http.robots.agents";

  /** Milliseconds for connect and for each socket read. */
  public static final String TIMEOUT = "http.timeout";

  public static final int DEFAULT_TIMEOUT = 10000;

  /**
   * Milliseconds one fetch (redirect hops and body included) may take in all; the fetcher's
   * watchdog uses it too.
   */
  public static final String REQUEST_DEADLINE = "http.request.deadline";

  public static final long DEFAULT_REQUEST_DEADLINE = 60000;

  /** Decoded bytes kept per response; -1 = no limit. */
  public static final String CONTENT_LIMIT = "http.content.limit";

  public static final int DEFAULT_CONTENT_LIMIT = 1048576;

  /**
   * Bytes kept of a document (any type but HTML, XHTML and text/plain): a PDF or Office file cut
   * short cannot be read. -1 = no limit.
   */
  public static final String CONTENT_LIMIT_DOCUMENTS = "http.content.limit.documents";

  public static final int DEFAULT_CONTENT_LIMIT_DOCUMENTS = 33554432;

  /** Redirect hops followed inline. */
  public static final String REDIRECT_MAX = "http.redirect.max";

  public static final int DEFAULT_REDIRECT_MAX = 0;
  public static final String ACCEPT = "http.accept";
  public static final String DEFAULT_ACCEPT =
      "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  public static final String ACCEPT_LANGUAGE = "http.accept.language";
  public static final String DEFAULT_ACCEPT_LANGUAGE = "en-us,en-gb,en;q=0.7,*;q=0.3";
  public static final String PROXY_HOST = "http.proxy.host";
  public static final String PROXY_PORT = "http.proxy.port";
  public static final int DEFAULT_PROXY_PORT = 8080;

  /**
   * Comma-separated hosts reached without the proxy; ".example.com" or "*.example.com" match
   * subdomains.
   */
  public static final String PROXY_EXCEPTION_LIST = "http.proxy.exception.list";

  /**
   * Addresses let through the default deny of every non-public address: range names (loopback,
   * private, ...) and IP blocks, comma-separated.
   */
  public static final String ADDRESS_ALLOW = "http.address.allow";

  public static final String DEFAULT_ADDRESS_ALLOW = "";

  /**
   * More addresses never connected to (range names or IP blocks), denied even when
   * http.address.allow lists them.
   */
  public static final String ADDRESS_DENY = "http.address.deny";

  public static final String DEFAULT_ADDRESS_DENY = "";

  /** Accept any TLS certificate and host name. */
  public static final String TLS_TRUST_ALL = "http.tls.trust.all";

  public static final boolean DEFAULT_TLS_TRUST_ALL = false;

  /**
   * A keystore file (a Hadoop path) whose certificates are trusted besides the JDK's CAs; empty =
   * the JDK's only.
   */
  public static final String TLS_TRUSTSTORE = "http.tls.truststore";

  /** The password of http.tls.truststore; empty = none. */
  public static final String TLS_TRUSTSTORE_PASSWORD = "http.tls.truststore.password";

  /** The keystore type of http.tls.truststore: PKCS12 or JKS. */
  public static final String TLS_TRUSTSTORE_TYPE = "http.tls.truststore.type";

  public static final String DEFAULT_TLS_TRUSTSTORE_TYPE = "PKCS12";

  /**
   * The Protocol implementation: a public class with a constructor taking a Hadoop Configuration.
   */
  public static final String PROTOCOL_CLASS = "fetcher.protocol.class";

  public static final String DEFAULT_PROTOCOL_CLASS = "org.trawler.core.protocol.http.HttpProtocol";

  /**
   * Render fetched HTML pages in headless Chromium: the configured protocol is then wrapped by the
   * one named {@link #RENDER_PROTOCOL_VALUE} (docs/rendering.md).
   */
  public static final String RENDER = "fetcher.render";

  public static final boolean DEFAULT_RENDER = false;

  /** The short name of the protocol that renders pages (crawler-jobs' catalog gives it). */
  public static final String RENDER_PROTOCOL_VALUE = "render";

  private ProtocolKeys() {}
}
