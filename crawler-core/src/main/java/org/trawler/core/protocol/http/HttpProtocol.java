package org.trawler.core.protocol.http;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.entity.BrotliInputStreamFactory;
import org.apache.hc.client5.http.entity.DeflateInputStreamFactory;
import org.apache.hc.client5.http.entity.GZIPInputStreamFactory;
import org.apache.hc.client5.http.entity.InputStreamFactory;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.client5.http.utils.DateUtils;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RedirectGate;

/**
 * {@link Protocol} over Apache HttpClient 5 (classic, pooled). One instance serves all fetcher
 * threads of a task. Every request is bounded: http.timeout per connect and read,
 * http.request.deadline for a whole fetch (a timer aborts a blocked request), http.content.limit on
 * decoded bytes, and header line length and count. Every connection, robots.txt and redirect hops
 * included, goes only to addresses the {@link AddressPolicy} allows. A certificate the JDK does not
 * trust (nor http.tls.truststore names) is fetch_gone with reason tls_error, unless
 * http.tls.trust.all is set. A truststore that cannot be used is a BadSettingException from the
 * constructor.
 */
public class HttpProtocol implements Protocol {
  private static final Logger LOG = LoggerFactory.getLogger(HttpProtocol.class);

  /**
   * Longest status or header line accepted (a longer one is a protocol_error); long cookies fit.
   */
  static final int MAX_LINE_LENGTH = 64 * 1024;

  /** Most header fields accepted in one response (more is a protocol_error). */
  static final int MAX_HEADER_COUNT = 500;

  /** robots.txt bytes parsed, as Google does (500 KiB); the rest is ignored. */
  static final int ROBOTS_CONTENT_LIMIT = 500 * 1024;

  /** Where a site keeps its TDMRep rules (W3C TDM Reservation Protocol, RFC 8615 well-known). */
  static final String TDMREP_PATH = "/.well-known/tdmrep.json";

  /** tdmrep.json bytes read; a larger file is not read at all (a JSON document cut is broken). */
  static final int TDMREP_CONTENT_LIMIT = 64 * 1024;

  /** Redirect hops followed for robots.txt (RFC 9309 asks for at least five). */
  static final int ROBOTS_REDIRECT_MAX = 5;

  /**
   * An error or redirect body up to this size is read so the connection can be reused; a larger one
   * is dropped.
   */
  private static final int SMALL_BODY = 16 * 1024;

  private DnsResolver dns = SystemDefaultDnsResolver.INSTANCE;
  private HttpSettings settings;
  private GuardedDnsResolver resolver;
  private ProxyRoutePlanner proxyPlanner;
  private CloseableHttpClient client;
  private ScheduledExecutorService deadlineTimer;

  /** The constructor Plugins calls (fetcher.protocol.class), then {@link #configure}. */
  public HttpProtocol() {}

  /**
   * A configured protocol, for code that fetches over HTTP whatever fetcher.protocol.class says.
   */
  public HttpProtocol(Configuration conf) {
    configure(conf);
  }

  /** With a given name resolver (tests resolve made-up host names to loopback addresses). */
  HttpProtocol(Configuration conf, DnsResolver dns) {
    this.dns = dns;
    configure(conf);
  }

  @Override
  public void configure(Configuration conf) {
    settings = new HttpSettings(conf);
    HttpHost proxy =
        settings.hasProxy() ? new HttpHost(settings.proxyHost, settings.proxyPort) : null;
    proxyPlanner = proxy == null ? null : new ProxyRoutePlanner(proxy, settings.proxyExceptions);
    resolver =
        new GuardedDnsResolver(
            dns,
            settings.pinnedNames,
            settings.addressPolicy,
            proxy == null ? Set.of() : Set.of(settings.proxyHost));
    client = buildClient(tlsStrategy(settings));
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(
            1,
            runnable -> {
              Thread thread = Executors.defaultThreadFactory().newThread(runnable);
              thread.setName("http-deadline");
              thread.setDaemon(true);
              return thread;
            });
    timer.setRemoveOnCancelPolicy(true);
    deadlineTimer = timer;
  }

  private CloseableHttpClient buildClient(TlsSocketStrategy tls) {
    Timeout timeout = Timeout.ofMilliseconds(settings.timeoutMillis);
    PoolingHttpClientConnectionManager connections =
        PoolingHttpClientConnectionManagerBuilder.create()
            .setDnsResolver(resolver)
            .setTlsSocketStrategy(tls)
            .setMaxConnPerRoute(settings.maxConnectionsPerRoute)
            .setMaxConnTotal(settings.maxConnectionsTotal)
            .setDefaultSocketConfig(SocketConfig.custom().setSoTimeout(timeout).build())
            .setDefaultConnectionConfig(
                ConnectionConfig.custom()
                    .setConnectTimeout(timeout)
                    .setSocketTimeout(timeout)
                    // A pooled connection idle this long is checked before reuse: servers drop
                    // keep-alives.
                    .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                    .build())
            .setDefaultTlsConfig(TlsConfig.custom().setHandshakeTimeout(timeout).build())
            .setConnectionFactory(
                ManagedHttpClientConnectionFactory.builder()
                    .http1Config(
                        Http1Config.custom()
                            .setMaxLineLength(MAX_LINE_LENGTH)
                            .setMaxHeaderCount(MAX_HEADER_COUNT)
                            .build())
                    .build())
            .build();
    List<Header> headers = new ArrayList<>();
    if (!settings.accept.isEmpty()) {
      headers.add(new BasicHeader(HttpHeaders.ACCEPT, settings.accept));
    }
    if (!settings.acceptLanguage.isEmpty()) {
      headers.add(new BasicHeader(HttpHeaders.ACCEPT_LANGUAGE, settings.acceptLanguage));
    }
    HttpClientBuilder builder =
        HttpClientBuilder.create()
            .setConnectionManager(connections)
            .setUserAgent(settings.userAgent)
            .setDefaultHeaders(headers)
            .setContentDecoderRegistry(contentDecoders())
            .setDefaultRequestConfig(
                RequestConfig.custom()
                    .setConnectionRequestTimeout(timeout)
                    .setResponseTimeout(timeout)
                    .setRedirectsEnabled(false)
                    .setContentCompressionEnabled(true)
                    .build())
            // Redirects are followed here (loops, schemes, hop limit); retries are the crawldb's
            // business.
            .disableRedirectHandling()
            .disableAutomaticRetries()
            .disableCookieManagement()
            .disableAuthCaching()
            .evictIdleConnections(TimeValue.ofSeconds(30));
    if (proxyPlanner != null) {
      builder.setRoutePlanner(proxyPlanner);
    }
    if (settings.recordTranscript) {
      builder
          .addRequestInterceptorLast(WireCapture.REQUEST)
          .addResponseInterceptorLast(WireCapture.RESPONSE);
    }
    return builder.build();
  }

  @Override
  public ProtocolOutput fetch(String url, long ifModifiedSince, RedirectGate gate) {
    return fetch(url, ifModifiedSince, null, gate);
  }

  @Override
  public ProtocolOutput fetch(String url, long ifModifiedSince, String etag, RedirectGate gate) {
    List<HttpTranscript.Exchange> wire = settings.recordTranscript ? new ArrayList<>() : null;
    ProtocolOutput output =
        fetch(
            url,
            new Conditions(ifModifiedSince, etag),
            settings.redirectMax,
            settings.bodyLimit(),
            gate,
            wire);
    if (wire != null && !wire.isEmpty()) {
      output.withTranscript(new HttpTranscript(wire));
    }
    return output;
  }

  @Override
  public void close() {
    deadlineTimer.shutdownNow();
    client.close(CloseMode.IMMEDIATE);
  }

  /**
   * Fetches {@code url}, following up to {@code redirectMax} redirects as {@code gate} lets it,
   * keeping {@code limit} bytes; each exchange that got an answer is added to {@code wire} (null:
   * not recorded).
   */
  private ProtocolOutput fetch(
      String url,
      Conditions conditions,
      int redirectMax,
      BodyLimit limit,
      RedirectGate gate,
      List<HttpTranscript.Exchange> wire) {
    URI uri = HttpURLs.parse(url);
    if (uri == null) {
      return ProtocolOutput.gone(0, Reason.MALFORMED_URL, abbreviate(url));
    }
    if (!HttpURLs.isHttp(uri)) {
      return ProtocolOutput.gone(0, Reason.SCHEME_NOT_ALLOWED, uri.getScheme());
    }
    Deadline deadline = new Deadline(settings.deadlineMillis);
    Set<String> chain = new HashSet<>();
    chain.add(HttpURLs.chainKey(uri));
    for (int hops = 0; ; hops++) {
      Exchange exchange;
      try {
        exchange = exchange(uri, hops == 0 ? conditions : Conditions.NONE, limit, deadline, wire);
      } catch (IOException e) {
        ProtocolOutput failure = StatusMapping.forException(e, deadline.isExpired());
        LOG.debug("{}: {}", uri, failure, e);
        return failure;
      } catch (IllegalArgumentException e) {
        return ProtocolOutput.gone(0, Reason.MALFORMED_URL, e.getMessage());
      }
      int code = exchange.code();
      String location = exchange.header(HttpHeaders.LOCATION);
      if (!StatusMapping.isRedirect(code) || location == null) {
        return outcome(url, exchange);
      }
      URI target = HttpURLs.resolve(uri, location);
      if (target != null && !HttpURLs.isHttpScheme(target)) {
        return ProtocolOutput.gone(
            code, Reason.REDIRECT_SCHEME_NOT_ALLOWED, target.getScheme() + ": from " + uri);
      }
      if (target == null || target.getHost() == null) {
        return ProtocolOutput.gone(code, Reason.HTTP, "unusable Location " + abbreviate(location));
      }
      if (!chain.add(HttpURLs.chainKey(target))) {
        return ProtocolOutput.gone(code, Reason.REDIRECT_LOOP, target.toString());
      }
      if (hops >= redirectMax || !gate.mayFollow(target.toString())) {
        return ProtocolOutput.redirect(
            StatusMapping.isPermanentRedirect(code), code, target.toString());
      }
      uri = target;
    }
  }

  /** What makes the first request of a fetch conditional: a time (0 = none), an ETag (or null). */
  private record Conditions(long ifModifiedSince, String etag) {
    static final Conditions NONE = new Conditions(0, null);
  }

  /** The fetch status of a final (not followed) answer. */
  private ProtocolOutput outcome(String url, Exchange exchange) {
    int code = exchange.code();
    if (code >= 200 && code < 300) {
      String contentType = exchange.header(HttpHeaders.CONTENT_TYPE);
      Content content =
          new Content(
              url,
              exchange.uri().toString(),
              exchange.body().bytes(),
              MimeTypes.base(contentType),
              exchange.body().truncated());
      content.getHeaders().putAll(exchange.headerMap());
      return ProtocolOutput.success(code, content);
    }
    if (code == 304) {
      return ProtocolOutput.notModified();
    }
    return StatusMapping.forFailure(
        code,
        exchange.header(HttpHeaders.RETRY_AFTER),
        System.currentTimeMillis(),
        settings.maxRetryAfterMillis);
  }

  /**
   * One GET: the response's code, headers and (for 2xx) body, or the failure as an exception. With
   * {@code wire}, what went over the wire is added to it once a response head came back.
   */
  private Exchange exchange(
      URI uri,
      Conditions conditions,
      BodyLimit limit,
      Deadline deadline,
      List<HttpTranscript.Exchange> wire)
      throws IOException {
    checkProxiedTarget(uri);
    long remaining = deadline.remainingMillis();
    if (remaining <= 0) {
      deadline.expire();
      throw new DeadlineExceededException();
    }
    HttpGet get = new HttpGet(uri);
    get.setHeader(HttpHeaders.ACCEPT_ENCODING, ACCEPT_ENCODING);
    if (conditions.ifModifiedSince() > 0) {
      get.setHeader(
          HttpHeaders.IF_MODIFIED_SINCE,
          DateUtils.formatStandardDate(Instant.ofEpochMilli(conditions.ifModifiedSince())));
    }
    if (conditions.etag() != null && !conditions.etag().isEmpty()) {
      get.setHeader(HttpHeaders.IF_NONE_MATCH, conditions.etag());
    }
    ScheduledFuture<?> abort =
        deadlineTimer.schedule(
            () -> {
              deadline.expire();
              get.cancel();
            },
            remaining,
            TimeUnit.MILLISECONDS);
    ClassicHttpResponse response = null;
    boolean reusable = false;
    HttpClientContext context = HttpClientContext.create();
    WireCapture capture = wire == null ? null : new WireCapture();
    context.setAttribute(WireCapture.ATTRIBUTE, capture);
    try {
      response = client.executeOpen(null, get, context);
      int code = response.getCode();
      Read read;
      try {
        read = read(response, code, limit, deadline);
      } catch (DeadlineExceededException e) {
        record(wire, capture, uri, code, e.partialBody(), false, HttpTranscript.Truncation.TIME);
        throw e;
      }
      reusable = read.reusable();
      record(wire, capture, uri, code, read.wireBody(), read.success(), read.truncation());
      return new Exchange(uri, code, response.getHeaders(), read.body());
    } finally {
      abort.cancel(false);
      release(get, response, reusable);
    }
  }

  /**
   * A response's body: a 2xx one up to {@code limit} ({@code body}), another (an error or redirect
   * page) when it is short ({@code other}, for the WARC); reusable when read to its end.
   */
  private record Read(
      boolean success, BodyReader.Body body, BodyReader.Body other, boolean reusable) {
    /** The body the wire record holds: none for a 2xx (its content is the record's payload). */
    byte[] wireBody() {
      return success ? new byte[0] : other.bytes();
    }

    HttpTranscript.Truncation truncation() {
      return (success ? body : other).truncated()
          ? HttpTranscript.Truncation.LENGTH
          : HttpTranscript.Truncation.NONE;
    }
  }

  private static Read read(
      ClassicHttpResponse response, int code, BodyLimit limit, Deadline deadline)
      throws IOException {
    HttpEntity entity = response.getEntity();
    boolean success = code >= 200 && code < 300;
    if (entity == null) {
      return new Read(success, BodyReader.Body.EMPTY, BodyReader.Body.EMPTY, true);
    }
    if (success) {
      Header type = response.getFirstHeader(HttpHeaders.CONTENT_TYPE);
      BodyReader.Body body =
          BodyReader.read(
              entity.getContent(), limit.forType(type == null ? null : type.getValue()), deadline);
      return new Read(true, body, BodyReader.Body.EMPTY, !body.truncated());
    }
    BodyReader.Body other = readSmallBody(entity, deadline);
    return new Read(false, BodyReader.Body.EMPTY, other, !other.truncated());
  }

  /** Adds what went over the wire to {@code wire} once a response head came back (with capture). */
  private static void record(
      List<HttpTranscript.Exchange> wire,
      WireCapture capture,
      URI uri,
      int code,
      byte[] body,
      boolean bodyInContent,
      HttpTranscript.Truncation truncation) {
    if (capture != null && capture.hasResponse()) {
      wire.add(capture.exchange(uri.toString(), code, body, bodyInContent, truncation));
    }
  }

  /**
   * Reads a short error or redirect body so its connection can be reused (and the WARC has it); a
   * larger or unreadable one comes back empty and truncated, and its connection is dropped.
   */
  private static BodyReader.Body readSmallBody(HttpEntity entity, Deadline deadline) {
    long length = entity.getContentLength();
    if (length > SMALL_BODY) {
      return TOO_LARGE;
    }
    try {
      return BodyReader.read(entity.getContent(), SMALL_BODY, deadline);
    } catch (IOException e) { // the answer is its status code; a body that fails is not kept
      return TOO_LARGE;
    }
  }

  /** An error or redirect body not read. */
  private static final BodyReader.Body TOO_LARGE = new BodyReader.Body(new byte[0], true);

  /**
   * Returns a fully read connection to the pool; drops any other without reading the rest of its
   * body.
   */
  private static void release(HttpGet get, ClassicHttpResponse response, boolean reusable) {
    if (reusable) {
      try {
        response.close();
      } catch (IOException e) {
        LOG.debug("closing {}: {}", get.getRequestUri(), e.toString());
      }
      return;
    }
    get.cancel();
    if (response instanceof CloseableHttpResponse) {
      ((CloseableHttpResponse) response).close(CloseMode.IMMEDIATE);
    }
  }

  /**
   * Through a proxy the pool resolves only the proxy: the target's own addresses are judged here. A
   * name that does not resolve here is refused (dns_failure) rather than left to the proxy, whose
   * lookup could answer with an internal address nobody judged.
   */
  private void checkProxiedTarget(URI uri) throws UnknownHostException {
    if (proxyPlanner != null && proxyPlanner.usesProxy(uri.getHost())) {
      resolver.resolve(uri.getHost());
    }
  }

  @Override
  public RobotsTxt fetchRobots(String url, long now) {
    URI uri = HttpURLs.parse(url);
    if (uri == null || !HttpURLs.isHttp(uri)) {
      return RobotsTxt.missing(now, Reason.MALFORMED_URL.nameFor(0)); // the fetch will say why
    }
    String robotsUrl = HttpURLs.hostKey(uri) + "/robots.txt";
    // robots.txt's own redirects (often http → https) are part of asking for it (RFC 9309 §2.3.1.2)
    ProtocolOutput output =
        fetch(
            robotsUrl,
            Conditions.NONE,
            ROBOTS_REDIRECT_MAX,
            BodyLimit.of(ROBOTS_CONTENT_LIMIT),
            RedirectGate.FOLLOW,
            null);
    LOG.debug("{}: {}", robotsUrl, output);
    switch (output.getStatus()) {
      case FETCH_SUCCESS:
        Content content = output.getContent();
        return RobotsTxt.file(
            now,
            content.getFinalUrl(),
            content.getContent(),
            content.getHeader(HttpHeaders.CONTENT_TYPE));
      case FETCH_RETRY:
        return RobotsTxt.unreachable(now, output.getReasonName());
      default:
        // 4xx, or no robots.txt to be had for good (redirect loop, denied address, TLS): no
        // restrictions.
        return RobotsTxt.missing(now, output.getReasonName());
    }
  }

  /**
   * Asks the site of {@code url} for its /.well-known/tdmrep.json (W3C TDMRep), one request and its
   * redirects, under the same address policy and timeouts as any, at most {@link
   * #TDMREP_CONTENT_LIMIT} bytes (a larger file is "too_large": no rules, counted at parse). Any
   * answer but a 200 means no reservation from the file.
   */
  @Override
  public RobotsTxt fetchTdmRep(String url, RobotsTxt robots) {
    URI uri = HttpURLs.parse(url);
    if (uri == null || !HttpURLs.isHttp(uri)) {
      return robots.withTdmRep(Reason.MALFORMED_URL.nameFor(0), null);
    }
    String tdmRepUrl = HttpURLs.hostKey(uri) + TDMREP_PATH;
    ProtocolOutput output =
        fetch(
            tdmRepUrl,
            Conditions.NONE,
            ROBOTS_REDIRECT_MAX,
            BodyLimit.of(TDMREP_CONTENT_LIMIT),
            RedirectGate.FOLLOW,
            null);
    LOG.debug("{}: {}", tdmRepUrl, output);
    if (output.getStatus() != CrawlStatus.FETCH_SUCCESS) {
      return robots.withTdmRep(output.getReasonName(), null);
    }
    Content content = output.getContent();
    if (content.isTruncated()) {
      return robots.withTdmRep(RobotsTxt.TDMREP_TOO_LARGE, null);
    }
    return robots.withTdmRep(RobotsTxt.TDMREP_OK, content.getContent());
  }

  private static String abbreviate(String s) {
    return s.length() <= 100 ? s : s.substring(0, 100) + "...";
  }

  /**
   * The Content-Encodings decoded, in the order Accept-Encoding names them: HttpClient's own gzip
   * and deflate, brotli (org.brotli:dec) and zstd (aircompressor). The body limit applies to the
   * decoded bytes (BodyReader), so a compression bomb stops at http.content.limit in any of them.
   */
  private static final String ACCEPT_ENCODING = String.join(", ", contentDecoders().keySet());

  static LinkedHashMap<String, InputStreamFactory> contentDecoders() {
    LinkedHashMap<String, InputStreamFactory> decoders = new LinkedHashMap<>();
    decoders.put("gzip", GZIPInputStreamFactory.getInstance());
    decoders.put("x-gzip", GZIPInputStreamFactory.getInstance());
    decoders.put("deflate", DeflateInputStreamFactory.getInstance());
    decoders.put("br", CodingGuard.guard("br", BrotliInputStreamFactory.getInstance()));
    decoders.put("zstd", CodingGuard.guard("zstd", ZstdInputStream::new));
    return decoders;
  }

  /**
   * Whom TLS trusts: everyone (http.tls.trust.all), the JDK's CAs and those of http.tls.truststore,
   * or the JDK's only.
   */
  private static TlsSocketStrategy tlsStrategy(HttpSettings settings) {
    if (settings.trustStore != null) {
      return new DefaultClientTlsStrategy(settings.trustStore);
    }
    if (!settings.trustAllCertificates) {
      return DefaultClientTlsStrategy.createDefault();
    }
    return new DefaultClientTlsStrategy(
        TrustedCertificates.trustingAll(),
        HostnameVerificationPolicy.CLIENT,
        NoopHostnameVerifier.INSTANCE);
  }

  /** What came back for one request. */
  private record Exchange(URI uri, int code, Header[] headers, BodyReader.Body body) {
    String header(String name) {
      for (Header h : headers) {
        if (h.getName().equalsIgnoreCase(name)) {
          return h.getValue();
        }
      }
      return null;
    }

    /** Name → value; repeated fields joined with ", " as RFC 9110 allows. */
    Map<String, String> headerMap() {
      Map<String, String> map = new LinkedHashMap<>();
      for (Header h : headers) {
        String value = h.getValue() == null ? "" : h.getValue();
        map.merge(h.getName(), value, (a, b) -> a + ", " + b);
      }
      return map;
    }
  }
}
