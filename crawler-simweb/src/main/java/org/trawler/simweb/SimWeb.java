package org.trawler.simweb;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A synthetic website on loopback addresses, for tests, the demo and the benchmark.
 *
 * <p>Host i is 127.0.0.(i+2), then 127.0.1.2, ... (253 hosts per /24, always inside
 * 127.0.0.0/8), every host on the same port. Each host has a home page {@code /}, a robots.txt
 * and pages {@code /p/N.html} (or {@code /private/N.html} for robots-disallowed ones). Which page
 * is a redirect, a 404, a 500 or disallowed, and where every link points, is a pure function of
 * (seed, host, page): the model answers those questions without HTTP, so a test can compute what
 * a crawl must find. The server counts requests per host with their times, for politeness checks.
 */
public final class SimWeb implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SimWeb.class);

  /**
   * Told of each request as it arrives, on the serving thread, before it is answered (so the
   * client's connection is still open): which host, the path, and the client's address and port.
   */
  @FunctionalInterface
  public interface RequestObserver {
    void requestArrived(int host, String path, InetSocketAddress client);
  }

  /** What a page URL answers. */
  public enum Kind { OK, REDIRECT, NOT_FOUND, ERROR, DISALLOWED }

  /** Page number of a host's home page {@code /} in {@link SimWebRequests#count(int)}. */
  public static final int HOME_PAGE = -1;
  /** Page number of a host's {@code /robots.txt} in {@link SimWebRequests#count(int)}. */
  public static final int ROBOTS_PAGE = -2;
  private static final int UNKNOWN_PAGE = -3;

  /** Addresses per /24 block: last octet 2..254. */
  private static final int HOSTS_PER_BLOCK = 253;
  public static final int MAX_HOSTS = HOSTS_PER_BLOCK * 256 * 256;
  /** Pages the home page links to, at least (more when --outlinks is larger). */
  private static final int MIN_HOME_LINKS = 10;
  private static final int BIND_ATTEMPTS = 10;
  private static final int BACKLOG = 256;

  /** Every page claims this modification time, so conditional GETs get 304. */
  static final Instant LAST_MODIFIED = Instant.parse("2024-01-01T00:00:00Z");
  private static final String LAST_MODIFIED_HEADER =
      DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.ofInstant(LAST_MODIFIED, ZoneOffset.UTC));

  private static final long SALT_KIND = 0x4b494e44L;
  private static final long SALT_REDIRECT = 0x52454449L;
  private static final long SALT_LINKS = 0x4c494e4bL;
  private static final long SALT_TEXT = 0x54455854L;
  private static final long SALT_TITLE = 0x5449544cL;

  private final int hosts;
  private final int pages;
  private final int outlinks;
  private final int pageBytes;
  private final int latencyMs;
  private final int requestedPort;
  private final double redirectPct;
  private final double notFoundPct;
  private final double errorPct;
  private final double disallowPct;
  private final double crossHostPct;
  private final long seed;
  private final int threads;
  private final int requestLogSize;
  private final RequestObserver observer;

  private volatile int port;
  private List<HttpServer> servers = List.of();
  private ThreadPoolExecutor executor;
  private volatile SimWebRequests[] requests;

  private SimWeb(Builder b) {
    this.hosts = b.hosts;
    this.pages = b.pages;
    this.outlinks = b.outlinks;
    this.pageBytes = b.pageKb * 1024;
    this.latencyMs = b.latencyMs;
    this.requestedPort = b.port;
    this.port = b.port;
    this.redirectPct = b.redirectPct;
    this.notFoundPct = b.notFoundPct;
    this.errorPct = b.errorPct;
    this.disallowPct = b.disallowPct;
    this.crossHostPct = b.crossHostPct;
    this.seed = b.seed;
    this.threads = b.threads;
    this.requestLogSize = b.requestLogSize;
    this.observer = b.observer;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The site's shape; {@link #build()} checks it. */
  public static final class Builder {
    private int hosts = 10;
    private int pages = 100;
    private int outlinks = 10;
    private int pageKb = 10;
    private int latencyMs = 0;
    private int port = 8080;
    private double redirectPct = 5;
    private double notFoundPct = 5;
    private double errorPct = 2;
    private double disallowPct = 5;
    private double crossHostPct = 20;
    private long seed = 1;
    private int threads = 256;
    private int requestLogSize = 1000;
    private RequestObserver observer;

    private Builder() {}

    public Builder hosts(int n) { hosts = n; return this; }
    public Builder pages(int perHost) { pages = perHost; return this; }
    public Builder outlinks(int perPage) { outlinks = perPage; return this; }
    public Builder pageKb(int kb) { pageKb = kb; return this; }
    public Builder latencyMs(int ms) { latencyMs = ms; return this; }
    /** The port every host listens on; 0 = a free one, chosen at {@link SimWeb#start()}. */
    public Builder port(int p) { port = p; return this; }
    public Builder redirectPct(double pct) { redirectPct = pct; return this; }
    public Builder notFoundPct(double pct) { notFoundPct = pct; return this; }
    public Builder errorPct(double pct) { errorPct = pct; return this; }
    public Builder disallowPct(double pct) { disallowPct = pct; return this; }
    /** Share of a page's links that point to another host. */
    public Builder crossHostPct(double pct) { crossHostPct = pct; return this; }
    public Builder seed(long s) { seed = s; return this; }
    /** Server threads shared by all hosts; each request holds one for its latency. */
    public Builder threads(int n) { threads = n; return this; }
    /** Recent requests remembered per host. */
    public Builder requestLogSize(int n) { requestLogSize = n; return this; }
    /** Who asked: e.g. the cluster test finds the fetch task behind each client connection. */
    public Builder requestObserver(RequestObserver o) { observer = o; return this; }

    /** The site; an {@link IllegalArgumentException} says which setting is out of range. */
    public SimWeb build() {
      check(hosts >= 1 && hosts <= MAX_HOSTS, "hosts must be between 1 and " + MAX_HOSTS);
      check(pages >= 1, "pages must be at least 1");
      check(outlinks >= 0, "outlinks must not be negative");
      check(pageKb >= 0 && pageKb <= 100_000, "page size must be between 0 and 100000 kB");
      check(latencyMs >= 0, "latency must not be negative");
      check(port >= 0 && port <= 65535, "port must be between 0 and 65535");
      for (double pct : new double[] {redirectPct, notFoundPct, errorPct, disallowPct, crossHostPct}) {
        check(pct >= 0 && pct <= 100, "percentages must be between 0 and 100");
      }
      check(redirectPct + notFoundPct + errorPct + disallowPct <= 100,
          "redirect, not-found, error and disallow percentages add up to more than 100");
      check(threads >= 1, "threads must be at least 1");
      check(requestLogSize >= 1, "request log size must be at least 1");
      return new SimWeb(this);
    }

    private static void check(boolean ok, String message) {
      if (!ok) {
        throw new IllegalArgumentException(message);
      }
    }
  }

  // ---- the model ----

  public int hosts() { return hosts; }
  public int pagesPerHost() { return pages; }
  public int outlinksPerPage() { return outlinks; }
  public long seed() { return seed; }
  public int latencyMs() { return latencyMs; }

  /** The port of every host: the configured one, or after {@link #start()} the one chosen for port 0. */
  public int port() {
    if (port == 0) {
      throw new IllegalStateException("simweb was configured with port 0: the port is known after start()");
    }
    return port;
  }

  /** Host i's address: 127.0.0.2 for host 0, ..., 127.0.0.254, then 127.0.1.2, ... */
  public String address(int host) {
    byte[] b = addressBytes(host);
    return "127." + (b[1] & 0xff) + "." + (b[2] & 0xff) + "." + (b[3] & 0xff);
  }

  private byte[] addressBytes(int host) {
    checkHost(host);
    int block = host / HOSTS_PER_BLOCK;
    return new byte[] {127, (byte) (block >>> 8), (byte) block, (byte) (2 + host % HOSTS_PER_BLOCK)};
  }

  /** The host number of an address string, or -1 when the address is not one of this site's hosts. */
  public int hostIndex(String address) {
    String[] parts = address.split("\\.");
    if (parts.length != 4 || !parts[0].equals("127")) {
      return -1;
    }
    int[] octets = new int[4];
    try {
      for (int i = 0; i < 4; i++) {
        octets[i] = Integer.parseInt(parts[i]);
        if (octets[i] < 0 || octets[i] > 255 || !String.valueOf(octets[i]).equals(parts[i])) {
          return -1;
        }
      }
    } catch (NumberFormatException e) {
      return -1;
    }
    if (octets[3] < 2 || octets[3] > 254) {
      return -1;
    }
    long host = ((long) octets[1] * 256 + octets[2]) * HOSTS_PER_BLOCK + (octets[3] - 2);
    return host < hosts ? (int) host : -1;
  }

  /** Every host's address, host 0 first. */
  public List<String> addresses() {
    List<String> list = new ArrayList<>(hosts);
    for (int h = 0; h < hosts; h++) {
      list.add(address(h));
    }
    return list;
  }

  public String homeUrl(int host) {
    return origin(host) + "/";
  }

  /** The URL of page n of a host: /p/n.html, or /private/n.html when robots.txt disallows it. */
  public String pageUrl(int host, int page) {
    return origin(host) + pathOf(host, page);
  }

  public String robotsUrl(int host) {
    return origin(host) + "/robots.txt";
  }

  private String origin(int host) {
    return "http://" + address(host) + ":" + port();
  }

  private String pathOf(int host, int page) {
    if (page == HOME_PAGE) {
      return "/";
    }
    return (kindOf(host, page) == Kind.DISALLOWED ? "/private/" : "/p/") + page + ".html";
  }

  /** The seed URLs: every host's home page. */
  public List<String> seeds() {
    List<String> list = new ArrayList<>(hosts);
    for (int h = 0; h < hosts; h++) {
      list.add(homeUrl(h));
    }
    return list;
  }

  /** Every URL of the site: each host's home page and all its pages, whatever their kind. */
  public List<String> allUrls() {
    List<String> list = new ArrayList<>(hosts * (pages + 1));
    for (int h = 0; h < hosts; h++) {
      list.add(homeUrl(h));
      for (int p = 0; p < pages; p++) {
        list.add(pageUrl(h, p));
      }
    }
    return list;
  }

  /**
   * Writes {@code dir/seeds.txt}, a seed directory for inject: the home pages, or with
   * {@code allPages} every URL of the site (home pages first). Returns the file.
   */
  public Path writeSeeds(Path dir, boolean allPages) throws IOException {
    Files.createDirectories(dir);
    return writeSeedFile(dir.resolve("seeds.txt"), allPages);
  }

  /** Writes the seed URLs to {@code file}, one per line; returns the file. */
  public Path writeSeedFile(Path file, boolean allPages) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int h = 0; h < hosts; h++) {
        w.write(homeUrl(h));
        w.newLine();
      }
      if (allPages) {
        for (int h = 0; h < hosts; h++) {
          for (int p = 0; p < pages; p++) {
            w.write(pageUrl(h, p));
            w.newLine();
          }
        }
      }
    }
    return file;
  }

  /** The kind of page n of a host. */
  public Kind kindOf(int host, int page) {
    checkHost(host);
    if (page == HOME_PAGE) {
      return Kind.OK;
    }
    checkPage(page);
    double u = unit(hash(host, page, SALT_KIND)) * 100;
    if (u < redirectPct) {
      return Kind.REDIRECT;
    }
    if (u < redirectPct + notFoundPct) {
      return Kind.NOT_FOUND;
    }
    if (u < redirectPct + notFoundPct + errorPct) {
      return Kind.ERROR;
    }
    if (u < redirectPct + notFoundPct + errorPct + disallowPct) {
      return Kind.DISALLOWED;
    }
    return Kind.OK;
  }

  /**
   * What the server answers for a URL of the site: the page's kind; OK for a home page and
   * robots.txt; NOT_FOUND for any other path. An URL of another host is an IllegalArgumentException.
   */
  public Kind kindOf(String url) {
    Location loc = locate(url);
    if (loc.page == HOME_PAGE || loc.page == ROBOTS_PAGE) {
      return Kind.OK;
    }
    return loc.page == UNKNOWN_PAGE ? Kind.NOT_FOUND : kindOf(loc.host, loc.page);
  }

  /**
   * The distinct links of a page, as absolute URLs in page order: {@code outlinks} per page (fewer
   * only when the site is too small), the first pages of the host for a home page, none for a
   * redirect, an error or an unknown path. A disallowed page has links like an OK one.
   */
  public List<String> outlinksOf(String url) {
    Location loc = locate(url);
    if (!hasContent(loc)) {
      return List.of();
    }
    List<String> urls = new ArrayList<>();
    for (long target : linkTargets(loc.host, loc.page)) {
      urls.add(pageUrl(hostOf(target), pageOf(target)));
    }
    return urls;
  }

  /** The absolute target of a redirect page, or null when the URL is not a redirect. */
  public String redirectTarget(String url) {
    Location loc = locate(url);
    if (loc.page < 0 || kindOf(loc.host, loc.page) != Kind.REDIRECT) {
      return null;
    }
    int target = redirectTargetPage(loc.host, loc.page);
    return target == HOME_PAGE ? homeUrl(loc.host) : pageUrl(loc.host, target);
  }

  /** 301 or 302 for a redirect page, 0 for any other URL. */
  public int redirectStatus(String url) {
    Location loc = locate(url);
    if (loc.page < 0 || kindOf(loc.host, loc.page) != Kind.REDIRECT) {
      return 0;
    }
    return (hash(loc.host, loc.page, SALT_REDIRECT) & 1) == 0 ? 301 : 302;
  }

  /** The title of a page, which is also the anchor text of every link to it. */
  public String titleOf(String url) {
    Location loc = locate(url);
    return title(loc.host, loc.page);
  }

  private String title(int host, int page) {
    if (page == HOME_PAGE) {
      return "Home of " + address(host);
    }
    if (page < 0) {
      return "";
    }
    return SimWebHtml.title(hash(host, page, SALT_TITLE), page);
  }

  /**
   * The link depth of every URL a robots-obeying crawler can reach from {@link #seeds()}: seeds
   * are 0, the links of a fetched page (OK kind, or a home page) one more, and a redirect's target
   * one more than the redirect. Redirects, 404s, 500s and disallowed pages have depths but no
   * links. Memory grows with the site: meant for test-sized sites.
   */
  public Map<String, Integer> linkDepths() {
    Map<Long, Integer> depth = new LinkedHashMap<>();
    ArrayDeque<Long> queue = new ArrayDeque<>();
    for (int h = 0; h < hosts; h++) {
      long home = key(h, HOME_PAGE);
      depth.put(home, 0);
      queue.add(home);
    }
    while (!queue.isEmpty()) {
      long node = queue.poll();
      int d = depth.get(node);
      int h = hostOf(node);
      int p = pageOf(node);
      List<Long> next = new ArrayList<>();
      Kind kind = kindOf(h, p);
      if (kind == Kind.OK) {
        for (long t : linkTargets(h, p)) {
          next.add(t);
        }
      } else if (kind == Kind.REDIRECT) {
        next.add(key(h, redirectTargetPage(h, p)));
      }
      for (long t : next) {
        if (!depth.containsKey(t)) {
          depth.put(t, d + 1);
          queue.add(t);
        }
      }
    }
    Map<String, Integer> byUrl = new LinkedHashMap<>();
    for (Map.Entry<Long, Integer> e : depth.entrySet()) {
      int h = hostOf(e.getKey());
      int p = pageOf(e.getKey());
      byUrl.put(p == HOME_PAGE ? homeUrl(h) : pageUrl(h, p), e.getValue());
    }
    return byUrl;
  }

  /** The robots.txt every host serves. */
  public String robotsTxt(int host) {
    return "# simweb " + address(host) + "\nUser-agent: *\nDisallow: /private/\n";
  }

  /** A one-line description for logs. */
  public String describe() {
    return String.format("simweb: %d hosts (%s..%s) x %d pages, %d links/page (%.0f%% cross-host), ~%d kB/page,"
        + " %d ms latency, %.1f%% redirects, %.1f%% 404, %.1f%% 500, %.1f%% disallowed, seed %d",
        hosts, address(0), address(hosts - 1), pages, outlinks, crossHostPct, pageBytes / 1024, latencyMs,
        redirectPct, notFoundPct, errorPct, disallowPct, seed);
  }

  // ---- the model's internals ----

  /** A URL resolved to (host, page); page may be HOME_PAGE, ROBOTS_PAGE or UNKNOWN_PAGE. */
  private record Location(int host, int page) {}

  private Location locate(String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URL: " + url, e);
    }
    int host = uri.getHost() == null ? -1 : hostIndex(uri.getHost());
    if (host < 0 || !"http".equalsIgnoreCase(uri.getScheme())) {
      throw new IllegalArgumentException("not a URL of this simweb: " + url);
    }
    return new Location(host, pageAt(host, uri.getRawPath()));
  }

  /** The page a path names on a host, or HOME_PAGE, ROBOTS_PAGE, UNKNOWN_PAGE. */
  private int pageAt(int host, String path) {
    if (path == null || path.isEmpty() || path.equals("/")) {
      return HOME_PAGE;
    }
    if (path.equals("/robots.txt")) {
      return ROBOTS_PAGE;
    }
    boolean isPrivate = path.startsWith("/private/");
    String prefix = isPrivate ? "/private/" : "/p/";
    if (!path.startsWith(prefix) || !path.endsWith(".html")) {
      return UNKNOWN_PAGE;
    }
    String number = path.substring(prefix.length(), path.length() - ".html".length());
    int page;
    try {
      page = Integer.parseInt(number);
    } catch (NumberFormatException e) {
      return UNKNOWN_PAGE;
    }
    if (page < 0 || page >= pages || !String.valueOf(page).equals(number)
        || isPrivate != (kindOf(host, page) == Kind.DISALLOWED)) {
      return UNKNOWN_PAGE;
    }
    return page;
  }

  private boolean hasContent(Location loc) {
    if (loc.page == HOME_PAGE) {
      return true;
    }
    if (loc.page < 0) {
      return false;
    }
    Kind kind = kindOf(loc.host, loc.page);
    return kind == Kind.OK || kind == Kind.DISALLOWED;
  }

  /** Link targets of a page as keys (host, page), distinct, in page order. */
  private long[] linkTargets(int host, int page) {
    if (page == HOME_PAGE) {
      int n = Math.min(pages, Math.max(outlinks, MIN_HOME_LINKS));
      long[] targets = new long[n];
      for (int p = 0; p < n; p++) {
        targets[p] = key(host, p);
      }
      return targets;
    }
    Set<Long> seen = new HashSet<>();
    long[] targets = new long[outlinks];
    int n = 0;
    long base = hash(host, page, SALT_LINKS);
    for (int i = 0; n < outlinks && i < 4 * outlinks + 8; i++) {
      long r = mix(base + i);
      boolean cross = hosts > 1 && unit(r) * 100 < crossHostPct;
      long r2 = mix(r ^ 0x2545F4914F6CDD1DL);
      int targetHost = cross ? (host + 1 + (int) Math.floorMod(r2, (long) hosts - 1)) % hosts : host;
      int targetPage = (int) Math.floorMod(mix(r2), (long) pages);
      long k = key(targetHost, targetPage);
      if ((targetHost != host || targetPage != page) && seen.add(k)) {
        targets[n++] = k;
      }
    }
    return n == outlinks ? targets : Arrays.copyOf(targets, n);
  }

  /** A redirect's target on the same host: a page that is not itself a redirect, else the home page. */
  private int redirectTargetPage(int host, int page) {
    long base = hash(host, page, SALT_REDIRECT);
    for (int i = 1; i <= 20; i++) {
      int target = (int) Math.floorMod(mix(base + i), (long) pages);
      if (target != page && kindOf(host, target) != Kind.REDIRECT) {
        return target;
      }
    }
    return HOME_PAGE;
  }

  private long key(int host, int page) {
    return (long) host * (pages + 1) + (page + 1);
  }

  private int hostOf(long key) {
    return (int) (key / (pages + 1));
  }

  private int pageOf(long key) {
    return (int) (key % (pages + 1)) - 1;
  }

  private long hash(int host, int page, long salt) {
    long h = mix(seed ^ 0x5DEECE66DL);
    h = mix(h + 0x9E3779B97F4A7C15L * (host + 1L));
    h = mix(h + 0xC2B2AE3D27D4EB4FL * (page + 3L));
    return mix(h ^ salt);
  }

  /** SplitMix64's finalizer: a well-mixed 64-bit value from any input. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  private static double unit(long h) {
    return (h >>> 11) * 0x1.0p-53;
  }

  private void checkHost(int host) {
    if (host < 0 || host >= hosts) {
      throw new IllegalArgumentException("host " + host + " is not in 0.." + (hosts - 1));
    }
  }

  private void checkPage(int page) {
    if (page < 0 || page >= pages) {
      throw new IllegalArgumentException("page " + page + " is not in 0.." + (pages - 1));
    }
  }

  // ---- responses ----

  /** An HTTP answer: status, content type (null for none), body, Location (null for none). */
  record Response(int status, String contentType, byte[] body, String location) {}

  /** What the server answers for a path on a host; {@code ifModifiedSince} may be null. */
  Response respond(int host, String path, String ifModifiedSince) {
    int page = pageAt(host, path);
    if (page == ROBOTS_PAGE) {
      return text(200, "text/plain; charset=utf-8", robotsTxt(host));
    }
    if (page == UNKNOWN_PAGE) {
      return text(404, "text/html; charset=utf-8", SimWebHtml.message("Not found", path + " is not here."));
    }
    Location loc = new Location(host, page);
    Kind kind = page == HOME_PAGE ? Kind.OK : kindOf(host, page);
    switch (kind) {
      case REDIRECT: {
        String url = pageUrlOrHome(host, page);
        String target = redirectTarget(url);
        Response r = text(redirectStatus(url), "text/html; charset=utf-8",
            SimWebHtml.message("Moved", "This page moved to " + target));
        return new Response(r.status(), r.contentType(), r.body(), target);
      }
      case NOT_FOUND:
        return text(404, "text/html; charset=utf-8", SimWebHtml.message("Not found", path + " is gone."));
      case ERROR:
        return text(500, "text/html; charset=utf-8", SimWebHtml.message("Server error", "Something broke."));
      default:
        if (notModifiedSince(ifModifiedSince)) {
          return new Response(304, null, new byte[0], null);
        }
        return text(200, "text/html; charset=utf-8", render(loc));
    }
  }

  private String pageUrlOrHome(int host, int page) {
    return page == HOME_PAGE ? homeUrl(host) : pageUrl(host, page);
  }

  private String render(Location loc) {
    List<SimWebHtml.Link> links = new ArrayList<>();
    for (long target : linkTargets(loc.host, loc.page)) {
      int h = hostOf(target);
      int p = pageOf(target);
      String href = h == loc.host ? pathOf(h, p) : pageUrl(h, p);
      links.add(new SimWebHtml.Link(href, title(h, p))); // no URL built and parsed again per link
    }
    String title = title(loc.host, loc.page);
    return SimWebHtml.page(hash(loc.host, loc.page, SALT_TEXT), title, links, pageBytes);
  }

  private static boolean notModifiedSince(String ifModifiedSince) {
    if (ifModifiedSince == null) {
      return false;
    }
    try {
      Instant since = ZonedDateTime.parse(ifModifiedSince.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      return !since.isBefore(LAST_MODIFIED);
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static Response text(int status, String contentType, String body) {
    return new Response(status, contentType, body.getBytes(StandardCharsets.UTF_8), null);
  }

  // ---- the server ----

  /**
   * Binds every host's address (never the wildcard) and starts serving. With port 0 the first
   * host gets a free port and the others bind the same one; if another process holds it on one
   * of the addresses, all are released and another port is tried.
   */
  public synchronized SimWeb start() throws IOException {
    if (!servers.isEmpty()) {
      throw new IllegalStateException("simweb is already running");
    }
    SimWebRequests[] logs = new SimWebRequests[hosts];
    for (int h = 0; h < hosts; h++) {
      logs[h] = new SimWebRequests(pages, requestLogSize);
    }
    requests = logs;
    List<HttpServer> bound = null;
    for (int attempt = 1; bound == null; attempt++) {
      try {
        bound = bindAll();
      } catch (BindException e) {
        if (requestedPort != 0 || attempt >= BIND_ATTEMPTS) {
          throw e;
        }
        LOG.debug("port taken on one of the addresses, trying another: {}", e.getMessage());
      }
    }
    AtomicInteger threadCount = new AtomicInteger();
    ThreadFactory factory = r -> {
      Thread t = new Thread(r, "simweb-" + threadCount.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    // Each request sleeps its latency on a pool thread: the pool is sized for many waiting clients.
    executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
    executor.allowCoreThreadTimeOut(true);
    for (int h = 0; h < hosts; h++) {
      HttpServer server = bound.get(h);
      int host = h;
      server.setExecutor(executor);
      server.createContext("/", exchange -> serve(host, exchange));
      server.start();
    }
    servers = bound;
    port = bound.get(0).getAddress().getPort();
    LOG.info("{} on port {}", describe(), port);
    return this;
  }

  /**
   * The JDK server writes headers and body apart without TCP_NODELAY: with the client's delayed ACK
   * every response stalls ~40 ms (a 530-page crawl took 41 s instead of 13). Read once, when the
   * first server of the JVM is created; an explicit -D wins.
   */
  public static final String NODELAY_PROPERTY = "sun.net.httpserver.nodelay";

  private List<HttpServer> bindAll() throws IOException {
    if (System.getProperty(NODELAY_PROPERTY) == null) {
      System.setProperty(NODELAY_PROPERTY, "true");
    }
    List<HttpServer> bound = new ArrayList<>(hosts);
    int p = requestedPort;
    try {
      for (int h = 0; h < hosts; h++) {
        InetAddress address = InetAddress.getByAddress(addressBytes(h));
        try {
          bound.add(HttpServer.create(new InetSocketAddress(address, p), BACKLOG));
        } catch (BindException e) {
          BindException named = new BindException("cannot listen on " + address(h) + ":" + p + ": " + e.getMessage());
          named.initCause(e);
          throw named;
        }
        p = bound.get(0).getAddress().getPort();
      }
      return bound;
    } catch (IOException | RuntimeException e) {
      for (HttpServer s : bound) {
        s.stop(0);
      }
      throw e;
    }
  }

  private void serve(int host, HttpExchange exchange) {
    if (observer != null) {
      observer.requestArrived(host, exchange.getRequestURI().getRawPath(), exchange.getRemoteAddress());
    }
    SimWebRequests log = requests[host];
    long start = log.started();
    String path = exchange.getRequestURI().getRawPath();
    int page = pageAt(host, path);
    boolean logged = false;
    try (HttpExchange ex = exchange; InputStream body = ex.getRequestBody()) {
      body.readAllBytes();
      if (latencyMs > 0) {
        Thread.sleep(latencyMs);
      }
      String method = ex.getRequestMethod();
      boolean head = method.equals("HEAD");
      Response r = head || method.equals("GET")
          ? respond(host, path, ex.getRequestHeaders().getFirst("If-Modified-Since"))
          : new Response(405, null, new byte[0], null);
      if (r.status() == 405) {
        ex.getResponseHeaders().set("Allow", "GET, HEAD");
      }
      if (r.contentType() != null) {
        ex.getResponseHeaders().set("Content-Type", r.contentType());
      }
      if (r.location() != null) {
        ex.getResponseHeaders().set("Location", r.location());
      }
      if (r.status() == 200) {
        ex.getResponseHeaders().set("Last-Modified", LAST_MODIFIED_HEADER);
      }
      ex.getResponseHeaders().set("Server", "simweb");
      // Logged before the client can see the answer, so a caller that got it finds it counted.
      log.finished(path, page, r.status(), start);
      logged = true;
      boolean noBody = head || r.body().length == 0;
      ex.sendResponseHeaders(r.status(), noBody ? -1 : r.body().length);
      if (!noBody) {
        try (OutputStream out = ex.getResponseBody()) {
          out.write(r.body());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stopping
    } catch (IOException e) {
      LOG.debug("client of {} went away: {}", address(host), e.toString());
    } finally {
      if (!logged) {
        log.finished(path, page, 0, start);
      }
    }
  }

  public synchronized boolean isRunning() {
    return !servers.isEmpty();
  }

  /** Stops every host and the server threads; requests in progress are cut off. Safe to call twice. */
  public synchronized void stop() {
    if (servers.isEmpty()) {
      return;
    }
    List<Thread> stoppers = new ArrayList<>();
    for (HttpServer s : servers) {
      // stop() waits for the host's dispatcher thread: stopping them side by side keeps it quick.
      Thread t = new Thread(() -> s.stop(0), "simweb-stop");
      t.start();
      stoppers.add(t);
    }
    for (Thread t : stoppers) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    servers = List.of();
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LOG.info("simweb stopped after {} requests", totalRequests());
  }

  @Override
  public void close() {
    stop();
  }

  // ---- request statistics ----

  /** The request log of one host (by address, e.g. "127.0.0.2"); empty before {@link #start()}. */
  public SimWebRequests requests(String address) {
    int host = hostIndex(address);
    if (host < 0) {
      throw new IllegalArgumentException(address + " is not a host of this simweb");
    }
    return requests(host);
  }

  /** The request log of host i. */
  public SimWebRequests requests(int host) {
    checkHost(host);
    SimWebRequests[] logs = requests;
    return logs == null ? new SimWebRequests(0, 1) : logs[host];
  }

  /** How often the server was asked for one URL of the site (home, robots.txt or a page). */
  public int requestCount(String url) {
    Location loc = locate(url);
    return loc.page == UNKNOWN_PAGE ? 0 : requests(loc.host).count(loc.page);
  }

  /** All requests served by all hosts since start. */
  public long totalRequests() {
    SimWebRequests[] logs = requests;
    long total = 0;
    if (logs != null) {
      for (SimWebRequests r : logs) {
        total += r.total();
      }
    }
    return total;
  }

  /** Forgets all counts and logged requests, e.g. between two phases of a test. */
  public void clearRequests() {
    SimWebRequests[] logs = requests;
    if (logs != null) {
      for (SimWebRequests r : logs) {
        r.clear();
      }
    }
  }
}
