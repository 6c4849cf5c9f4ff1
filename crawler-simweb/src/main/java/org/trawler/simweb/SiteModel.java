package org.trawler.simweb;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.trawler.core.net.URLParts;

/**
 * The synthetic website as a model, without HTTP: its hosts, URLs, kinds of page, link graph,
 * redirects and titles, so a test can compute what a crawl must find.
 *
 * <p>Host i is 127.0.0.(i+2), then 127.0.1.2, ... (253 hosts per /24, always inside 127.0.0.0/8),
 * every host on the same port. Each host has a home page {@code /}, a robots.txt and pages {@code
 * /p/N.html} (or {@code /private/N.html} for robots-disallowed ones). Which page is a redirect, a
 * 404, a 500 or disallowed, and where every link points, is a pure function of (seed, host, page);
 * so are the faults of a soak test: connection resets, slow answers, redirect loops and huge pages.
 */
public final class SiteModel {

  /** What a page URL answers. */
  public enum Kind {
    OK,
    REDIRECT,
    NOT_FOUND,
    ERROR,
    DISALLOWED,
    /** The server closes the connection without answering. */
    RESET,
    /** An OK page, sent after {@link #slowMs()}. */
    SLOW,
    /** Redirects to its {@link #loopUrl loop partner}, which redirects back: A → B → A. */
    LOOP,
    /** A page of {@link #hugeKb()} kB, larger than a crawler's content limit, without links. */
    HUGE
  }

  /** The kinds a site has without the soak's fault options (reset, slow, loop, huge). */
  public static final Set<Kind> DEFAULT_KINDS =
      Collections.unmodifiableSet(
          EnumSet.of(Kind.OK, Kind.REDIRECT, Kind.NOT_FOUND, Kind.ERROR, Kind.DISALLOWED));

  /**
   * How a page sets out its links: PROSE puts them inside paragraphs; REFERENCE, like generated API
   * documentation, lists them in a long table whose rows also link each member's type (one of the
   * nav bar's pages), so a page repeats many of its URLs.
   */
  public enum Layout {
    PROSE,
    REFERENCE
  }

  /** Page number of a host's home page {@code /}. */
  public static final int HOME_PAGE = -1;

  /** Page number of a host's {@code /robots.txt}. */
  public static final int ROBOTS_PAGE = -2;

  /** Page number of any path that is not part of the site. */
  static final int UNKNOWN_PAGE = -3;

  /**
   * What a document page is ({@link #docType}), with its file extension and the Content-Type it is
   * served with (but see {@link #servedType}).
   */
  public enum DocType {
    PDF("pdf", "application/pdf"),
    DOCX("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ODT("odt", "application/vnd.oasis.opendocument.text"),
    TEXT("txt", "text/plain"),
    RSS("rss", "application/rss+xml"),
    ATOM("atom", "application/atom+xml");

    private final String extension;
    private final String mimeType;

    DocType(String extension, String mimeType) {
      this.extension = extension;
      this.mimeType = mimeType;
    }

    public String extension() {
      return extension;
    }

    /** The document's true MIME type, what a detector should find. */
    public String mimeType() {
      return mimeType;
    }

    public boolean isFeed() {
      return this == RSS || this == ATOM;
    }
  }

  /** An item of a feed: the page it links to, its title, summary and publication time. */
  public record FeedItem(String url, String title, String summary, Instant published) {}

  /** Path prefix of documents: /d/N.pdf, /d/N.rss, ... */
  static final String DOC_PREFIX = "/d/";

  /** Path prefix of the pages only a feed links to: /news/FEED-I.html. */
  static final String NEWS_PREFIX = "/news/";

  /** Path prefix of the pages only a PDF links to: /annex/PDF-I.html. */
  static final String ANNEX_PREFIX = "/annex/";

  /** Pages a feed's items link to that nothing else links to. */
  static final int NEWS_PER_FEED = 3;

  /** Links of a document to other pages of the site, at most (a feed's other items). */
  private static final int DOC_LINKS = 3;

  /** Child page numbers reserved per document page: page = pages + parent * CHILDREN + i. */
  private static final int CHILDREN = NEWS_PER_FEED;

  /** The big PDF is padded with incompressible image data to more than this many bytes. */
  public static final int BIG_PDF_BYTES = 5 * 1024 * 1024 + 300 * 1024;

  private static final String[] AUTHORS = {
    "Ada Lovelace",
    "Grace Hopper",
    "Alan Turing",
    "Edsger Dijkstra",
    "Barbara Liskov",
    "Donald Knuth",
    "Frances Allen",
    "John Backus"
  };

  /** Addresses per /24 block: last octet 2..254. */
  private static final int HOSTS_PER_BLOCK = 253;

  public static final int MAX_HOSTS = HOSTS_PER_BLOCK * 256 * 256;

  /** Pages the home page links to, at least (more when outlinks is larger). */
  private static final int MIN_HOME_LINKS = 10;

  private static final long SALT_KIND = 0x4b494e44L;
  private static final long SALT_REDIRECT = 0x52454449L;
  private static final long SALT_LINKS = 0x4c494e4bL;
  private static final long SALT_TEXT = 0x54455854L;
  private static final long SALT_TITLE = 0x5449544cL;
  private static final long SALT_SIZE = 0x53495a45L;
  private static final long SALT_MARKER = 0x4d41524bL;
  private static final long SALT_REMOVED = 0x52454d56L;
  private static final long SALT_DOC = 0x444f4355L;
  private static final long SALT_DOC_TYPE = 0x44545950L;
  private static final long SALT_FEED_GAP = 0x46474150L;
  private static final long SALT_AUTHOR = 0x41555448L;
  private static final long SALT_SCRIPT = 0x53435250L;
  private static final long SALT_LANG = 0x4c414e47L;
  private static final long SALT_DECLARED = 0x44434c52L;

  /** The data of a script page: /p/N.html's script reads /p/N.json. */
  static final String SCRIPT_DATA_SUFFIX = ".json";

  /** The path prefix of a loop page's partner: /p/N.html redirects to /loop/N.html and back. */
  static final String LOOP_PREFIX = "/loop/";

  /**
   * A word no other text of the site has, on a known tenth of its pages ({@link #hasMarkerWord}):
   * what a search test looks for.
   */
  public static final String MARKER_WORD = "quokka";

  private static final double MARKER_SHARE = 0.1;

  /**
   * A page of the site: {@code page} is a page number, {@link #HOME_PAGE} or {@link #ROBOTS_PAGE}.
   */
  record Page(int host, int page) {}

  private final int hosts;
  private final int pages;
  private final int outlinks;
  private final int pageKb;
  private final int port;
  private final double redirectPct;
  private final double notFoundPct;
  private final double errorPct;
  private final double disallowPct;
  private final double crossHostPct;
  private final double removedPct;
  private final double resetPct;
  private final double slowPct;
  private final double loopPct;
  private final double hugePct;
  private final int slowMs;
  private final int hugeKb;
  private final long seed;
  private final int gzipEvery;
  private final int largeEvery;
  private final int navLinks;
  private final int maxPageKb;
  private final Layout layout;
  private final double docsPct;
  private final double jsPct;
  private final List<String> langs;

  /** The special documents of host 0 (-1 = none): too big, served with a wrong type. */
  private final int bigPdf;

  private final int octetPdf;
  private final int xmlFeed;

  /** A large page is this many times pageKb. */
  public static final int LARGE_FACTOR = 8;

  private SiteModel(Builder b, int port) {
    this.hosts = b.hosts;
    this.pages = b.pages;
    this.outlinks = b.outlinks;
    this.pageKb = b.pageKb;
    this.port = port;
    this.redirectPct = b.redirectPct;
    this.notFoundPct = b.notFoundPct;
    this.errorPct = b.errorPct;
    this.disallowPct = b.disallowPct;
    this.crossHostPct = b.crossHostPct;
    this.removedPct = b.removedPct;
    this.resetPct = b.resetPct;
    this.slowPct = b.slowPct;
    this.loopPct = b.loopPct;
    this.hugePct = b.hugePct;
    this.slowMs = b.slowMs;
    this.hugeKb = b.hugeKb;
    this.seed = b.seed;
    this.gzipEvery = b.gzipEvery;
    this.largeEvery = b.largeEvery;
    this.navLinks = b.navLinks;
    this.maxPageKb = b.maxPageKb;
    this.layout = b.layout;
    this.docsPct = b.docsPct;
    this.jsPct = b.jsPct;
    this.langs = b.langs;
    this.bigPdf = nthDocOfHost0(DocType.PDF, 0);
    this.octetPdf = nthDocOfHost0(DocType.PDF, 1);
    this.xmlFeed = nthDocOfHost0(DocType.RSS, 0);
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
    private int port = 8080;
    private double redirectPct = 5;
    private double notFoundPct = 5;
    private double errorPct = 2;
    private double disallowPct = 5;
    private double crossHostPct = 20;
    private double removedPct;
    private double resetPct;
    private double slowPct;
    private double loopPct;
    private double hugePct;
    private int slowMs = 5000;
    private int hugeKb = 4096;
    private long seed = 1;
    private int gzipEvery;
    private int largeEvery;
    private int navLinks;
    private int maxPageKb;
    private Layout layout = Layout.PROSE;
    private double docsPct;
    private double jsPct;
    private List<String> langs = List.of();

    private Builder() {}

    /**
     * The languages of the site's pages (ISO 639-1 codes simweb writes: en, de, fr, es, it, pt, nl,
     * ru, ja, zh, ko): each HTML page's prose is in one of them, chosen by the page ({@link
     * SiteModel#langOf}); a third of the pages have no {@code <html lang>}, a third the template's
     * {@code lang="en"} whatever their language, a third their own. Empty (the default): simweb's
     * English-looking words and {@code lang="en"} on every page, the site of before.
     */
    public Builder langs(List<String> codes) {
      langs = List.copyOf(codes);
      return this;
    }

    /**
     * Percentage of the OK HTML pages that are script pages ({@link SiteModel#isScriptPage}): their
     * links beyond the nav bar and one sentence exist only after their script ran. 0 = none.
     */
    public Builder jsPct(double pct) {
      jsPct = pct;
      return this;
    }

    /**
     * Percentage of the OK pages that are documents (PDF, DOCX, ODT, plain text, RSS and Atom
     * feeds) instead of HTML: see {@link SiteModel#docType}. 0 = none, the site of before.
     */
    public Builder docsPct(double pct) {
      docsPct = pct;
      return this;
    }

    /**
     * A nav bar on every page with content, at its top and again at its bottom, linking the host's
     * first n pages (documentation sites repeat their index on every page); 0 = none.
     */
    public Builder navLinks(int n) {
      navLinks = n;
      return this;
    }

    /** Page sizes spread evenly from pageKb to this many kB, page by page; 0 = all pageKb. */
    public Builder maxPageKb(int kb) {
      maxPageKb = kb;
      return this;
    }

    public Builder layout(Layout l) {
      layout = l;
      return this;
    }

    /** All of a profile's settings; later calls override single ones. */
    public Builder profile(SiteProfile p) {
      return hosts(p.hosts())
          .pages(p.pages())
          .outlinks(p.outlinks())
          .navLinks(p.navLinks())
          .pageKb(p.pageKb())
          .maxPageKb(p.maxPageKb())
          .crossHostPct(p.crossHostPct())
          .layout(p.layout());
    }

    /**
     * Every n-th page (page numbers 1, n+1, 2n+1, ...) is sent gzip-encoded, whatever the request
     * accepts, as some servers do; 0 = none.
     */
    public Builder gzipEvery(int n) {
      gzipEvery = n;
      return this;
    }

    /** Every n-th page (numbers 2, n+2, ...) is LARGE_FACTOR times pageKb; 0 = none. */
    public Builder largeEvery(int n) {
      largeEvery = n;
      return this;
    }

    public Builder hosts(int n) {
      hosts = n;
      return this;
    }

    public Builder pages(int perHost) {
      pages = perHost;
      return this;
    }

    public Builder outlinks(int perPage) {
      outlinks = perPage;
      return this;
    }

    public Builder pageKb(int kb) {
      pageKb = kb;
      return this;
    }

    /**
     * The port every host listens on; 0 = a free one, chosen when a {@link SimWebServer} starts.
     */
    public Builder port(int p) {
      port = p;
      return this;
    }

    public Builder redirectPct(double pct) {
      redirectPct = pct;
      return this;
    }

    public Builder notFoundPct(double pct) {
      notFoundPct = pct;
      return this;
    }

    public Builder errorPct(double pct) {
      errorPct = pct;
      return this;
    }

    public Builder disallowPct(double pct) {
      disallowPct = pct;
      return this;
    }

    /** Share of a page's links that point to another host. */
    public Builder crossHostPct(double pct) {
      crossHostPct = pct;
      return this;
    }

    /**
     * Percentage of the OK pages that answer 404, as if removed since: the same site later, its
     * titles, links and text unchanged, so a crawl of it sees those pages go.
     */
    public Builder removedPct(double pct) {
      this.removedPct = pct;
      return this;
    }

    public Builder seed(long s) {
      seed = s;
      return this;
    }

    /** Percentage of pages whose connection is closed without an answer. */
    public Builder resetPct(double pct) {
      resetPct = pct;
      return this;
    }

    /** Percentage of pages answered after {@link #slowMs}. */
    public Builder slowPct(double pct) {
      slowPct = pct;
      return this;
    }

    /** How long a slow page makes its client wait, ms. */
    public Builder slowMs(int ms) {
      slowMs = ms;
      return this;
    }

    /** Percentage of pages that redirect to a partner that redirects back. */
    public Builder loopPct(double pct) {
      loopPct = pct;
      return this;
    }

    /** Percentage of pages of {@link #hugeKb} kB. */
    public Builder hugePct(double pct) {
      hugePct = pct;
      return this;
    }

    /** The size of a huge page, kB. */
    public Builder hugeKb(int kb) {
      hugeKb = kb;
      return this;
    }

    /** The site; an {@link IllegalArgumentException} says which setting is out of range. */
    public SiteModel build() {
      check(hosts >= 1 && hosts <= MAX_HOSTS, "hosts must be between 1 and " + MAX_HOSTS);
      check(pages >= 1, "pages must be at least 1");
      check(outlinks >= 0, "outlinks must not be negative");
      check(pageKb >= 0 && pageKb <= 100_000, "page size must be between 0 and 100000 kB");
      check(port >= 0 && port <= 65535, "port must be between 0 and 65535");
      check(gzipEvery >= 0 && largeEvery >= 0, "gzip and large page intervals must be >= 0");
      check(navLinks >= 0, "nav links must not be negative");
      check(
          maxPageKb == 0 || (maxPageKb >= pageKb && maxPageKb <= 100_000),
          "the largest page size must be between the page size and 100000 kB");
      check(layout != null, "a layout is needed");
      for (String lang : langs) {
        check(
            SimWebLanguages.knows(lang),
            "unknown language \"" + lang + "\": simweb writes " + SimWebLanguages.codes());
      }
      check(slowMs >= 0, "the slow delay must not be negative");
      check(
          hugeKb >= 1 && hugeKb <= 10_000_000, "huge page size must be between 1 and 10000000 kB");
      for (double pct :
          new double[] {
            redirectPct,
            notFoundPct,
            errorPct,
            disallowPct,
            crossHostPct,
            removedPct,
            docsPct,
            jsPct,
            resetPct,
            slowPct,
            loopPct,
            hugePct
          }) {
        check(pct >= 0 && pct <= 100, "percentages must be between 0 and 100");
      }
      check(
          redirectPct
                  + notFoundPct
                  + errorPct
                  + disallowPct
                  + resetPct
                  + slowPct
                  + loopPct
                  + hugePct
              <= 100,
          "the percentages of page kinds (redirect, not-found, error, disallow, reset, slow, loop,"
              + " huge) add up to more than 100");
      return new SiteModel(this, port);
    }

    static void check(boolean ok, String message) {
      if (!ok) {
        throw new IllegalArgumentException(message);
      }
    }
  }

  /** The same site on another port: the one a server bound for port 0. */
  SiteModel onPort(int boundPort) {
    Builder b =
        builder()
            .hosts(hosts)
            .pages(pages)
            .outlinks(outlinks)
            .pageKb(pageKb)
            .redirectPct(redirectPct)
            .notFoundPct(notFoundPct)
            .errorPct(errorPct)
            .disallowPct(disallowPct)
            .crossHostPct(crossHostPct)
            .removedPct(removedPct)
            .resetPct(resetPct)
            .slowPct(slowPct)
            .slowMs(slowMs)
            .loopPct(loopPct)
            .hugePct(hugePct)
            .hugeKb(hugeKb)
            .seed(seed)
            .gzipEvery(gzipEvery)
            .largeEvery(largeEvery)
            .navLinks(navLinks)
            .maxPageKb(maxPageKb)
            .layout(layout)
            .docsPct(docsPct)
            .jsPct(jsPct)
            .langs(langs);
    return new SiteModel(b, boundPort);
  }

  // ---- the shape ----

  public int hosts() {
    return hosts;
  }

  public int pagesPerHost() {
    return pages;
  }

  public int outlinksPerPage() {
    return outlinks;
  }

  public int pageKb() {
    return pageKb;
  }

  public int navLinks() {
    return navLinks;
  }

  public int maxPageKb() {
    return maxPageKb;
  }

  public Layout layout() {
    return layout;
  }

  public double redirectPct() {
    return redirectPct;
  }

  public double notFoundPct() {
    return notFoundPct;
  }

  public double errorPct() {
    return errorPct;
  }

  public double disallowPct() {
    return disallowPct;
  }

  public double crossHostPct() {
    return crossHostPct;
  }

  public long seed() {
    return seed;
  }

  public double resetPct() {
    return resetPct;
  }

  public double slowPct() {
    return slowPct;
  }

  public int slowMs() {
    return slowMs;
  }

  public double loopPct() {
    return loopPct;
  }

  public double hugePct() {
    return hugePct;
  }

  public int hugeKb() {
    return hugeKb;
  }

  public double docsPct() {
    return docsPct;
  }

  /** The languages of the pages (Builder.langs); empty: English-looking words only. */
  public List<String> langs() {
    return langs;
  }

  /**
   * The language a page's prose is written in (ISO 639-1), what a language detector should find:
   * one of {@link #langs()}, chosen by the page; "en" on a site without languages.
   */
  public String langOf(String url) {
    Page at = locate(url);
    return langOf(at.host, at.page);
  }

  /** The language of page n of a host, or null on a site without languages. */
  String langOf(int host, int page) {
    if (langs.isEmpty()) {
      return null;
    }
    return langs.get((int) Math.floorMod(hash(host, page, SALT_LANG), (long) langs.size()));
  }

  /**
   * What a page's {@code <html lang>} says: its own language, the template's "en" whatever its
   * language, or nothing (null), a third of the pages each; "en" on a site without languages.
   */
  public String declaredLangOf(String url) {
    Page at = locate(url);
    return declaredLangOf(at.host, at.page);
  }

  String declaredLangOf(int host, int page) {
    if (langs.isEmpty()) {
      return "en";
    }
    switch ((int) Math.floorMod(hash(host, page, SALT_DECLARED), 3L)) {
      case 0:
        return null;
      case 1:
        return "en";
      default:
        return langOf(host, page);
    }
  }

  public double jsPct() {
    return jsPct;
  }

  /** The port of every host: the configured one, or the one a started server chose for port 0. */
  public int port() {
    if (port == 0) {
      throw new IllegalStateException(
          "simweb was configured with port 0: the port is known once its server started");
    }
    return port;
  }

  /** The port as configured, 0 for "a free one". */
  int configuredPort() {
    return port;
  }

  // ---- hosts and URLs ----

  /** Host i's address: 127.0.0.2 for host 0, ..., 127.0.0.254, then 127.0.1.2, ... */
  public String address(int host) {
    checkHost(host);
    return dotted(addressBytesOf(host));
  }

  private static String dotted(byte[] b) {
    return "127." + (b[1] & 0xff) + "." + (b[2] & 0xff) + "." + (b[3] & 0xff);
  }

  /** The addresses of a site of {@code hosts} hosts (its servers may run in another JVM). */
  public static List<String> addresses(int hosts) {
    List<String> all = new ArrayList<>(hosts);
    for (int host = 0; host < hosts; host++) {
      all.add(dotted(addressBytesOf(host)));
    }
    return all;
  }

  /** Every host's address. */
  public List<String> addresses() {
    return addresses(hosts);
  }

  /** Host i's address as the four bytes a socket binds. */
  byte[] addressBytes(int host) {
    checkHost(host);
    return addressBytesOf(host);
  }

  private static byte[] addressBytesOf(int host) {
    int block = host / HOSTS_PER_BLOCK;
    return new byte[] {
      127, (byte) (block >>> 8), (byte) block, (byte) (2 + host % HOSTS_PER_BLOCK)
    };
  }

  /**
   * The host number of an address string, or -1 when the address is not one of this site's hosts.
   */
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

  /** The path of a page or a home page on its host. */
  String pathOf(int host, int page) {
    if (page == HOME_PAGE) {
      return "/";
    }
    if (page >= pages) {
      int parent = parentOf(page);
      String prefix = docType(host, parent) == DocType.PDF ? ANNEX_PREFIX : NEWS_PREFIX;
      return prefix + parent + "-" + childIndex(page) + ".html";
    }
    DocType doc = docType(host, page);
    if (doc != null) {
      return DOC_PREFIX + page + "." + doc.extension();
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
      for (int p = 0; p < pages; p++) {
        for (int c = 0; c < childCount(h, p); c++) {
          list.add(pageUrl(h, child(p, c)));
        }
      }
    }
    return list;
  }

  /**
   * Writes {@code dir/seeds.txt}, a seed directory for inject: the home pages, or with {@code
   * allPages} every URL of the site (home pages first). Returns the file.
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

  // ---- what each page is ----

  /** True when page n of a host is sent gzip-encoded (see Builder.gzipEvery). */
  public boolean isGzipped(int host, int page) {
    return gzipEvery > 0 && page >= 0 && page % gzipEvery == 1 % gzipEvery;
  }

  /**
   * The size a page's HTML is made to: pageKb, or a size from pageKb to maxPageKb chosen by the
   * page; LARGE_FACTOR times that for a large page (Builder.largeEvery).
   */
  public int pageBytes(int host, int page) {
    boolean large = largeEvery > 0 && page >= 0 && page % largeEvery == 2 % largeEvery;
    int kb = pageKb;
    if (maxPageKb > pageKb && page >= 0) {
      kb += (int) Math.floorMod(hash(host, page, SALT_SIZE), (long) (maxPageKb - pageKb + 1));
    }
    return kb * 1024 * (large ? LARGE_FACTOR : 1);
  }

  /** The kind of page n of a host. */
  public Kind kindOf(int host, int page) {
    checkHost(host);
    if (page == HOME_PAGE) {
      return Kind.OK;
    }
    checkPage(host, page);
    if (page >= pages) {
      return Kind.OK; // a page only a document links to
    }
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
    double below = redirectPct + notFoundPct + errorPct + disallowPct;
    if (u < below) {
      return Kind.DISALLOWED;
    }
    if (u < (below += resetPct)) {
      return Kind.RESET;
    }
    if (u < (below += slowPct)) {
      return Kind.SLOW;
    }
    if (u < (below += loopPct)) {
      return Kind.LOOP;
    }
    if (u < below + hugePct) {
      return Kind.HUGE;
    }
    if (removedPct > 0 && unit(hash(host, page, SALT_REMOVED)) * 100 < removedPct) {
      return Kind.NOT_FOUND;
    }
    return Kind.OK;
  }

  /**
   * What the server answers for a URL of the site: the page's kind; OK for a home page and
   * robots.txt; NOT_FOUND for any other path. An URL of another host is an
   * IllegalArgumentException.
   */
  public Kind kindOf(String url) {
    Page at = locate(url);
    if (loopPageAt(at.host, URLParts.path(url)) >= 0) {
      return Kind.LOOP;
    }
    if (at.page == HOME_PAGE || at.page == ROBOTS_PAGE) {
      return Kind.OK;
    }
    return at.page == UNKNOWN_PAGE ? Kind.NOT_FOUND : kindOf(at.host, at.page);
  }

  /**
   * The distinct links of a page, as absolute URLs in page order: its nav bar's, then {@code
   * outlinks} more per page (fewer only when the site is too small), the first pages of the host
   * for a home page, none for a redirect, an error or an unknown path. A disallowed page has links
   * like an OK one.
   */
  public List<String> outlinksOf(String url) {
    Page at = locate(url);
    List<String> urls = new ArrayList<>();
    for (Page target : links(at.host, at.page)) {
      urls.add(pageUrl(target.host, target.page));
    }
    return urls;
  }

  /**
   * The absolute target of a redirect page or of either side of a loop, or null when the URL is not
   * a redirect.
   */
  public String redirectTarget(String url) {
    Page at = locate(url);
    int loopBack = loopPageAt(at.host, URLParts.path(url));
    if (loopBack >= 0) {
      return pageUrl(at.host, loopBack);
    }
    if (at.page >= 0 && kindOf(at.host, at.page) == Kind.LOOP) {
      return loopUrl(at.host, at.page);
    }
    return isRedirect(at) ? redirectTarget(at.host, at.page) : null;
  }

  /** 301 or 302 for a redirect page, 302 for either side of a loop, 0 for any other URL. */
  public int redirectStatus(String url) {
    Page at = locate(url);
    if (loopPageAt(at.host, URLParts.path(url)) >= 0
        || (at.page >= 0 && kindOf(at.host, at.page) == Kind.LOOP)) {
      return 302;
    }
    return isRedirect(at) ? redirectStatus(at.host, at.page) : 0;
  }

  /** The loop partner of loop page n of a host: /loop/n.html, which redirects back to it. */
  public String loopUrl(int host, int page) {
    return origin(host) + LOOP_PREFIX + page + ".html";
  }

  /**
   * The page whose loop partner a path is (/loop/N.html for loop page N), or UNKNOWN_PAGE when the
   * path is none.
   */
  int loopPageAt(int host, String path) {
    if (path == null || !path.startsWith(LOOP_PREFIX) || !path.endsWith(".html")) {
      return UNKNOWN_PAGE;
    }
    String number = path.substring(LOOP_PREFIX.length(), path.length() - ".html".length());
    try {
      int page = Integer.parseInt(number);
      boolean loop =
          page >= 0
              && page < pages
              && String.valueOf(page).equals(number)
              && kindOf(host, page) == Kind.LOOP;
      return loop ? page : UNKNOWN_PAGE;
    } catch (NumberFormatException e) {
      return UNKNOWN_PAGE;
    }
  }

  /**
   * True when the page's text has {@link #MARKER_WORD} (whatever its kind: only an OK page shows
   * its text); home pages never do.
   */
  public boolean hasMarkerWord(String url) {
    Page at = locate(url);
    return hasMarkerWord(at.host, at.page);
  }

  boolean hasMarkerWord(int host, int page) {
    return page >= 0 && unit(hash(host, page, SALT_MARKER)) < MARKER_SHARE;
  }

  /** The title of a page, which is also the anchor text of every link to it. */
  public String titleOf(String url) {
    Page at = locate(url);
    return title(at.host, at.page);
  }

  /**
   * The link depth of every URL a robots-obeying crawler can reach from {@link #seeds()}: seeds are
   * 0, the links of a fetched page (OK kind, or a home page) one more, and a redirect's target one
   * more than the redirect. Redirects, 404s, 500s and disallowed pages have depths but no links.
   * Memory grows with the site: meant for test-sized sites.
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
      if (kind == Kind.OK || kind == Kind.SLOW) {
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
      byUrl.put(urlOf(hostOf(e.getKey()), pageOf(e.getKey())), e.getValue());
    }
    return byUrl;
  }

  // ---- by (host, page), for the responses ----

  /** The page a path names on a host: a page number, or HOME_PAGE, ROBOTS_PAGE, UNKNOWN_PAGE. */
  int pageAt(int host, String path) {
    if (path == null || path.isEmpty() || path.equals("/")) {
      return HOME_PAGE;
    }
    if (path.equals("/robots.txt")) {
      return ROBOTS_PAGE;
    }
    if (docsPct > 0
        && (path.startsWith(DOC_PREFIX)
            || path.startsWith(NEWS_PREFIX)
            || path.startsWith(ANNEX_PREFIX))) {
      return documentPageAt(host, path);
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
    if (page < 0
        || page >= pages
        || !String.valueOf(page).equals(number)
        || isPrivate != (kindOf(host, page) == Kind.DISALLOWED)
        || docType(host, page) != null) {
      return UNKNOWN_PAGE;
    }
    return page;
  }

  /** The document or child page a /d/, /news/ or /annex/ path names, or UNKNOWN_PAGE. */
  private int documentPageAt(int host, String path) {
    try {
      if (path.startsWith(DOC_PREFIX)) {
        int dot = path.lastIndexOf('.');
        if (dot < 0) {
          return UNKNOWN_PAGE;
        }
        String number = path.substring(DOC_PREFIX.length(), dot);
        int page = Integer.parseInt(number);
        boolean ok =
            page >= 0
                && page < pages
                && String.valueOf(page).equals(number)
                && docType(host, page) != null;
        return ok && pathOf(host, page).equals(path) ? page : UNKNOWN_PAGE;
      }
      String prefix = path.startsWith(NEWS_PREFIX) ? NEWS_PREFIX : ANNEX_PREFIX;
      int dash = path.indexOf('-', prefix.length());
      if (dash < 0 || !path.endsWith(".html")) {
        return UNKNOWN_PAGE;
      }
      int parent = Integer.parseInt(path.substring(prefix.length(), dash));
      int index = Integer.parseInt(path.substring(dash + 1, path.length() - ".html".length()));
      if (parent < 0 || parent >= pages || index < 0 || index >= childCount(host, parent)) {
        return UNKNOWN_PAGE;
      }
      int page = child(parent, index);
      return pathOf(host, page).equals(path) ? page : UNKNOWN_PAGE;
    } catch (NumberFormatException e) {
      return UNKNOWN_PAGE;
    }
  }

  /** A URL of the site as (host, page); page may be HOME_PAGE, ROBOTS_PAGE or UNKNOWN_PAGE. */
  Page locate(String url) {
    String hostName = URLParts.host(url);
    int host = hostName == null ? -1 : hostIndex(hostName);
    if (host < 0 || !url.regionMatches(true, 0, "http:", 0, 5)) {
      throw new IllegalArgumentException("not a URL of this simweb: " + url);
    }
    return new Page(host, pageAt(host, URLParts.path(url)));
  }

  /** The URL of a page or a home page. */
  String urlOf(int host, int page) {
    return page == HOME_PAGE ? homeUrl(host) : pageUrl(host, page);
  }

  /**
   * The links of a home page or a page with content (OK or disallowed), in page order; none for
   * others.
   */
  List<Page> links(int host, int page) {
    if (page != HOME_PAGE && (page < 0 || !hasContent(kindOf(host, page)))) {
      return List.of();
    }
    List<Page> list = new ArrayList<>();
    for (long target : linkTargets(host, page)) {
      list.add(new Page(hostOf(target), pageOf(target)));
    }
    return list;
  }

  /**
   * The nav bar of a page with content (a prefix of {@link #links}): the host's first navLinks
   * pages but the page itself; none for other pages.
   */
  List<Page> navBar(int host, int page) {
    if (page != HOME_PAGE
        && (page < 0
            || !hasContent(kindOf(host, page))
            || page >= pages
            || docType(host, page) != null)) {
      return List.of();
    }
    List<Page> list = new ArrayList<>();
    for (int p = 0; p < Math.min(navLinks, pages); p++) {
      if (p != page) {
        list.add(new Page(host, p));
      }
    }
    return list;
  }

  private static boolean hasContent(Kind kind) {
    return kind == Kind.OK || kind == Kind.SLOW || kind == Kind.DISALLOWED;
  }

  private boolean isRedirect(Page at) {
    return at.page >= 0 && kindOf(at.host, at.page) == Kind.REDIRECT;
  }

  /** The absolute target of redirect page n of a host. */
  String redirectTarget(int host, int page) {
    return urlOf(host, redirectTargetPage(host, page));
  }

  /** 301 or 302: which one a redirect page answers. */
  int redirectStatus(int host, int page) {
    return (hash(host, page, SALT_REDIRECT) & 1) == 0 ? 301 : 302;
  }

  /** The title of a page or a home page; empty for robots.txt and unknown paths. */
  String title(int host, int page) {
    if (page == HOME_PAGE) {
      return "Home of " + address(host);
    }
    if (page < 0) {
      return "";
    }
    return SimWebHtml.title(hash(host, page, SALT_TITLE), page);
  }

  /** The seed of a page's text: the same page always has the same bytes. */
  long textSeed(int host, int page) {
    return hash(host, page, SALT_TEXT);
  }

  // ---- script pages ----

  /**
   * True when {@code url} is a script page: an OK HTML page (jsPct of them) whose HTML has its nav
   * bar and a script, and whose script writes the rest of its links ({@link #scriptLinksOf}) and a
   * sentence with {@link #scriptWord} from the JSON the site serves beside it (/p/N.json), as a
   * single-page app does.
   */
  public boolean isScriptPage(String url) {
    Page at = locate(url);
    return isScriptPage(at.host, at.page);
  }

  boolean isScriptPage(int host, int page) {
    return jsPct > 0
        && page >= 0
        && page < pages
        && kindOf(host, page) == Kind.OK
        && docType(host, page) == null
        && unit(hash(host, page, SALT_SCRIPT)) * 100 < jsPct;
  }

  /**
   * The links only a script page's script writes (its links after the nav bar), as absolute URLs in
   * page order; none for any other page.
   */
  public List<String> scriptLinksOf(String url) {
    Page at = locate(url);
    if (!isScriptPage(at.host, at.page)) {
      return List.of();
    }
    List<Page> links = links(at.host, at.page);
    List<String> urls = new ArrayList<>();
    for (Page target : links.subList(navBar(at.host, at.page).size(), links.size())) {
      urls.add(pageUrl(target.host, target.page));
    }
    return urls;
  }

  /** The word only a script page's script writes (one per page, letters and digits), or null. */
  public String scriptWord(String url) {
    Page at = locate(url);
    return isScriptPage(at.host, at.page) ? scriptWord(at.host, at.page) : null;
  }

  String scriptWord(int host, int page) {
    return "scriptword" + host + "x" + page;
  }

  /** The script page whose data a path is (/p/N.json), or UNKNOWN_PAGE. */
  int scriptPageAt(int host, String path) {
    if (jsPct <= 0 || path == null || !path.endsWith(SCRIPT_DATA_SUFFIX)) {
      return UNKNOWN_PAGE;
    }
    String html = path.substring(0, path.length() - SCRIPT_DATA_SUFFIX.length()) + ".html";
    int page = pageAt(host, html);
    return isScriptPage(host, page) ? page : UNKNOWN_PAGE;
  }

  /** The path of a script page's data: /p/N.json beside /p/N.html. */
  String scriptDataPath(int host, int page) {
    String html = pathOf(host, page);
    return html.substring(0, html.length() - ".html".length()) + SCRIPT_DATA_SUFFIX;
  }

  // ---- documents ----

  /**
   * What document a URL is, or null for an HTML page (or any URL when docsPct is 0): docsPct of the
   * OK pages are documents, of a type chosen by the page.
   */
  public DocType docType(String url) {
    Page at = locate(url);
    return at.page >= 0 && at.page < pages ? docType(at.host, at.page) : null;
  }

  DocType docType(int host, int page) {
    if (docsPct <= 0 || page < 0 || page >= pages || kindOf(host, page) != Kind.OK) {
      return null;
    }
    if (unit(hash(host, page, SALT_DOC)) * 100 >= docsPct) {
      return null;
    }
    DocType[] types = DocType.values();
    return types[(int) Math.floorMod(hash(host, page, SALT_DOC_TYPE), (long) types.length)];
  }

  /** Every document of the site, as URLs, host by host in page order. */
  public List<String> documentUrls() {
    List<String> list = new ArrayList<>();
    for (int h = 0; h < hosts; h++) {
      for (int p = 0; p < pages; p++) {
        if (docType(h, p) != null) {
          list.add(pageUrl(h, p));
        }
      }
    }
    return list;
  }

  /**
   * The Content-Type header a document is served with: its MIME type (text with its charset), but
   * the second PDF of host 0 is sent as application/octet-stream and its first RSS feed as
   * text/xml, as real servers do. Null for an HTML page.
   */
  public String servedType(String url) {
    Page at = locate(url);
    return at.page >= 0 && at.page < pages ? servedType(at.host, at.page) : null;
  }

  String servedType(int host, int page) {
    DocType type = docType(host, page);
    if (type == null) {
      return null;
    }
    if (host == 0 && page == octetPdf) {
      return "application/octet-stream";
    }
    if (host == 0 && page == xmlFeed) {
      return "text/xml; charset=utf-8";
    }
    return type == DocType.TEXT ? "text/plain; charset=utf-8" : type.mimeType();
  }

  /** True for the one PDF of more than {@link #BIG_PDF_BYTES}: host 0's first PDF. */
  public boolean isBigPdf(String url) {
    Page at = locate(url);
    return isBigPdf(at.host, at.page);
  }

  boolean isBigPdf(int host, int page) {
    return host == 0 && page >= 0 && page == bigPdf;
  }

  /**
   * A word only this document has (letters without vowels: no dictionary or stemmer touches it), so
   * a search for it finds exactly this URL.
   */
  public String documentWord(String url) {
    Page at = locate(url);
    return documentWord(at.host, at.page);
  }

  String documentWord(int host, int page) {
    String letters = "bcdfghjklmnpqrtvwxz";
    long n = (long) host * pages + page;
    StringBuilder sb = new StringBuilder("zq");
    do {
      sb.append(letters.charAt((int) (n % letters.length())));
      n /= letters.length();
    } while (n > 0);
    return sb.toString();
  }

  /** The author a PDF, DOCX or ODT names in its metadata; null for text, feeds and pages. */
  public String authorOf(String url) {
    Page at = locate(url);
    return authorOf(at.host, at.page);
  }

  String authorOf(int host, int page) {
    DocType type = docType(host, page);
    if (type == null || type == DocType.TEXT || type.isFeed()) {
      return null;
    }
    return AUTHORS[(int) Math.floorMod(hash(host, page, SALT_AUTHOR), (long) AUTHORS.length)];
  }

  /**
   * The lines of a document's text, in order: its title, the marker sentence if it has one, the
   * sentence with its {@link #documentWord}, then paragraphs. A feed's text is made of its items
   * instead ({@link #feedItems}).
   */
  public List<String> documentLines(String url) {
    Page at = locate(url);
    return documentLines(at.host, at.page);
  }

  List<String> documentLines(int host, int page) {
    List<String> lines = new ArrayList<>();
    lines.add(title(host, page));
    if (hasMarkerWord(host, page)) {
      lines.add("A " + MARKER_WORD + " was seen here.");
    }
    lines.add("This document is known as " + documentWord(host, page) + ".");
    lines.addAll(SimWebHtml.sentences(textSeed(host, page), 6));
    return lines;
  }

  /**
   * The items of a feed, newest first: first the pages only this feed links to, then up to {@link
   * #DOC_LINKS} - 1 other pages of the site; one item every {@link #feedItemGapHours} hours back
   * from the site's modification time. Empty for anything but a feed.
   */
  public List<FeedItem> feedItems(String url) {
    Page at = locate(url);
    return feedItems(at.host, at.page);
  }

  List<FeedItem> feedItems(int host, int page) {
    DocType type = docType(host, page);
    if (type == null || !type.isFeed()) {
      return List.of();
    }
    List<FeedItem> items = new ArrayList<>();
    List<Page> targets = links(host, page);
    long gapMs = feedItemGapHours(host, page) * 3_600_000L;
    for (int i = 0; i < targets.size(); i++) {
      Page t = targets.get(i);
      Instant published = SiteResponses.LAST_MODIFIED.minusMillis(gapMs * i);
      String summary = SimWebHtml.sentences(textSeed(t.host(), t.page()) ^ SALT_FEED_GAP, 1).get(0);
      items.add(
          new FeedItem(urlOf(t.host(), t.page()), title(t.host(), t.page()), summary, published));
    }
    return items;
  }

  /** Hours between two items of a feed: 1 to 24, chosen by the feed. */
  public int feedItemGapHours(String url) {
    Page at = locate(url);
    return feedItemGapHours(at.host, at.page);
  }

  int feedItemGapHours(int host, int page) {
    return 1 + (int) Math.floorMod(hash(host, page, SALT_FEED_GAP), 24L);
  }

  /** The pages only a document links to: a feed's news pages, a PDF's annex. */
  int childCount(int host, int page) {
    DocType type = docType(host, page);
    if (type == null) {
      return 0;
    }
    return type.isFeed() ? NEWS_PER_FEED : type == DocType.PDF ? 1 : 0;
  }

  /**
   * True when {@code url} is a page only a document links to (a feed's news page, a PDF's annex).
   */
  public boolean isOnlyLinkedFromDocument(String url) {
    Page at = locate(url);
    return at.page >= pages;
  }

  private int child(int parent, int index) {
    return pages + parent * CHILDREN + index;
  }

  private int parentOf(int childPage) {
    return (childPage - pages) / CHILDREN;
  }

  private int childIndex(int childPage) {
    return (childPage - pages) % CHILDREN;
  }

  private boolean isChild(int host, int page) {
    return page >= pages && childIndex(page) < childCount(host, parentOf(page));
  }

  /** Host 0's n-th document of a type (page order), or -1. */
  private int nthDocOfHost0(DocType type, int n) {
    for (int p = 0; p < pages && docsPct > 0; p++) {
      if (docType(0, p) == type && n-- == 0) {
        return p;
      }
    }
    return -1;
  }

  /**
   * A document's links, as keys: a feed's news pages then other pages; a PDF's other pages then its
   * annex; a DOCX's or ODT's other pages; none for text. A page only a document links to has none.
   */
  private long[] documentTargets(int host, int page) {
    if (page >= pages) {
      return new long[0];
    }
    DocType type = docType(host, page);
    List<Long> targets = new ArrayList<>();
    if (type.isFeed()) {
      for (int c = 0; c < NEWS_PER_FEED; c++) {
        targets.add(key(host, child(page, c)));
      }
    }
    if (type != DocType.TEXT) {
      int others = type.isFeed() ? DOC_LINKS - 1 : DOC_LINKS;
      for (long k : randomTargets(host, page, others, new HashSet<>())) {
        targets.add(k);
      }
    }
    if (type == DocType.PDF) {
      targets.add(key(host, child(page, 0)));
    }
    long[] keys = new long[targets.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = targets.get(i);
    }
    return keys;
  }

  // ---- the graph's arithmetic ----

  /** Link targets of a page as keys (host, page), distinct, in page order. */
  private long[] linkTargets(int host, int page) {
    if (page == HOME_PAGE) {
      int n = Math.min(pages, Math.max(Math.max(outlinks, navLinks), MIN_HOME_LINKS));
      long[] targets = new long[n];
      for (int p = 0; p < n; p++) {
        targets[p] = key(host, p);
      }
      return targets;
    }
    if (page >= pages || docType(host, page) != null) {
      return documentTargets(host, page);
    }
    Set<Long> seen = new HashSet<>();
    int nav = 0;
    for (int p = 0; p < Math.min(navLinks, pages); p++) {
      if (p != page) {
        seen.add(key(host, p));
        nav++;
      }
    }
    long[] random = randomTargets(host, page, outlinks, seen);
    long[] targets = new long[nav + random.length];
    int n = 0;
    for (int p = 0; p < Math.min(navLinks, pages); p++) {
      if (p != page) {
        targets[n++] = key(host, p);
      }
    }
    System.arraycopy(random, 0, targets, n, random.length);
    return targets;
  }

  /**
   * Up to {@code count} distinct random link targets of a page, not the page itself nor any of
   * {@code seen} (which gets them added).
   */
  private long[] randomTargets(int host, int page, int count, Set<Long> seen) {
    long[] targets = new long[count];
    int n = 0;
    long base = hash(host, page, SALT_LINKS);
    for (int i = 0; n < count && i < 4 * outlinks + 8; i++) {
      long r = mix(base + i);
      boolean cross = hosts > 1 && unit(r) * 100 < crossHostPct;
      long r2 = mix(r ^ 0x2545F4914F6CDD1DL);
      int targetHost =
          cross ? (host + 1 + (int) Math.floorMod(r2, (long) hosts - 1)) % hosts : host;
      int targetPage = (int) Math.floorMod(mix(r2), (long) pages);
      long k = key(targetHost, targetPage);
      if ((targetHost != host || targetPage != page) && seen.add(k)) {
        targets[n++] = k;
      }
    }
    return n == targets.length ? targets : Arrays.copyOf(targets, n);
  }

  /**
   * A redirect's target on the same host: a page that is not itself a redirect, else the home page.
   */
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
    return (long) host * stride() + (page + 1);
  }

  private int hostOf(long key) {
    return (int) (key / stride());
  }

  private int pageOf(long key) {
    return (int) (key % stride()) - 1;
  }

  /** Keys per host: its pages and home page, and with documents their children. */
  private long stride() {
    return docsPct > 0 ? (long) pages * (1 + CHILDREN) + 1 : pages + 1;
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

  private void checkPage(int host, int page) {
    if (page >= pages && page < pages * (1L + CHILDREN) && isChild(host, page)) {
      return;
    }
    if (page < 0 || page >= pages) {
      throw new IllegalArgumentException("page " + page + " is not in 0.." + (pages - 1));
    }
  }
}
