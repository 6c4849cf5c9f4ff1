package org.trawler.core.protocol;

/** Configuration keys of fetching over HTTP and robots.txt (conf/trawler-default.xml, sections Fetcher and HTTP). */
public final class ProtocolKeys {
  /** The {@link Protocol} class a fetch task creates; it needs a public (Configuration) constructor. */
  public static final String PROTOCOL_CLASS = "fetcher.protocol.class";
  /** Fetcher threads per task: sizes the connection pool. */
  public static final String FETCHER_THREADS = "fetcher.threads.fetch";
  /** Requests in flight to one host: sizes the connection pool per route. */
  public static final String FETCHER_THREADS_PER_QUEUE = "fetcher.threads.per.queue";
  /** Seconds; a Retry-After is capped at this. */
  public static final String FETCHER_MAX_CRAWL_DELAY = "fetcher.max.crawl.delay";

  public static final String AGENT_NAME = "http.agent.name";
  public static final String AGENT_URL = "http.agent.url";
  public static final String AGENT_EMAIL = "http.agent.email";
  /** Comma-separated robots.txt agent names; empty = the first token of http.agent.name. */
  public static final String ROBOTS_AGENTS = "http.robots.agents";
  /** Milliseconds for connect and for each socket read. */
  public static final String TIMEOUT = "http.timeout";
  /** Milliseconds one fetch (redirect hops and body included) may take in all. */
  public static final String REQUEST_DEADLINE = "http.request.deadline";
  /** Decoded bytes kept per response; -1 = no limit. */
  public static final String CONTENT_LIMIT = "http.content.limit";
  /** Redirect hops followed inline. */
  public static final String REDIRECT_MAX = "http.redirect.max";
  public static final String ACCEPT = "http.accept";
  public static final String ACCEPT_LANGUAGE = "http.accept.language";
  public static final String PROXY_HOST = "http.proxy.host";
  public static final String PROXY_PORT = "http.proxy.port";
  /** Comma-separated hosts reached without the proxy; ".example.com" or "*.example.com" match subdomains. */
  public static final String PROXY_EXCEPTION_LIST = "http.proxy.exception.list";
  /** Comma-separated address ranges never connected to: link-local, loopback, private. */
  public static final String ADDRESS_DENY = "http.address.deny";
  /** Accept any TLS certificate and host name. */
  public static final String TLS_TRUST_ALL = "http.tls.trust.all";

  public static final String DEFAULT_PROTOCOL_CLASS = "org.trawler.core.protocol.http.HttpProtocol";
  public static final String DEFAULT_AGENT_NAME = "Trawler/0.1.0";

  private ProtocolKeys() {}
}
