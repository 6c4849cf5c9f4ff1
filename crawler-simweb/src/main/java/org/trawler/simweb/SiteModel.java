package org.trawler.simweb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
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
 *
 * <p>This class is the site's shape ({@link Builder}) and the one face its users see; each concern
 * is a class of its own that it hands the questions on to: {@link UrlLayout} (addresses, paths,
 * URLs), {@link PageKinds} (kind, size, title of a page), {@link LinkGraph} (links, redirects,
 * depths), {@link SiteDocuments}, {@link ScriptPages} and {@link PageLanguages}, all drawing on one
 * {@link PageHash}.
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

  /** The big PDF is padded with incompressible image data to more than this many bytes. */
  public static final int BIG_PDF_BYTES = 5 * 1024 * 1024 + 300 * 1024;

  public static final int MAX_HOSTS = UrlLayout.HOSTS_PER_BLOCK * 256 * 256;

  /** The data of a script page: /p/N.html's script reads /p/N.json. */
  static final String SCRIPT_DATA_SUFFIX = ".json";

  /** The path prefix of a loop page's partner: /p/N.html redirects to /loop/N.html and back. */
  static final String LOOP_PREFIX = "/loop/";

  /**
   * A word no other text of the site has, on a known tenth of its pages ({@link #hasMarkerWord}):
   * what a search test looks for.
   */
  public static final String MARKER_WORD = "quokka";

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

  // the site's concerns, each a class of its own; the methods below hand their questions on
  private final PageKinds kinds;
  private final SiteDocuments documents;
  private final LinkGraph graph;
  private final UrlLayout layoutOfUrls;
  private final ScriptPages scripts;
  private final PageLanguages languages;

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
    PageHash hash = new PageHash(seed);
    this.kinds = new PageKinds(this, hash);
    this.graph = new LinkGraph(this, hash);
    this.layoutOfUrls = new UrlLayout(this);
    this.scripts = new ScriptPages(this, hash);
    this.languages = new PageLanguages(langs, hash);
    this.documents = new SiteDocuments(this, hash); // last: it asks the kinds of host 0's pages
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
    return languages.langOf(host, page);
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
    return languages.declaredLangOf(host, page);
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

  double removedPct() {
    return removedPct;
  }

  int gzipEvery() {
    return gzipEvery;
  }

  int largeEvery() {
    return largeEvery;
  }

  PageKinds kinds() {
    return kinds;
  }

  SiteDocuments documents() {
    return documents;
  }

  LinkGraph graph() {
    return graph;
  }

  // ---- hosts and URLs: UrlLayout ----

  /** Host i's address: 127.0.0.2 for host 0, ..., 127.0.0.254, then 127.0.1.2, ... */
  public String address(int host) {
    return layoutOfUrls.address(host);
  }

  /** The addresses of a site of {@code hosts} hosts (its servers may run in another JVM). */
  public static List<String> addresses(int hosts) {
    return UrlLayout.addresses(hosts);
  }

  /** Every host's address. */
  public List<String> addresses() {
    return addresses(hosts);
  }

  /** Host i's address as the four bytes a socket binds. */
  byte[] addressBytes(int host) {
    return layoutOfUrls.addressBytes(host);
  }

  /**
   * The host number of an address string, or -1 when the address is not one of this site's hosts.
   */
  public int hostIndex(String address) {
    return layoutOfUrls.hostIndex(address);
  }

  public String homeUrl(int host) {
    return layoutOfUrls.origin(host) + "/";
  }

  /** The URL of page n of a host: /p/n.html, or /private/n.html when robots.txt disallows it. */
  public String pageUrl(int host, int page) {
    return layoutOfUrls.origin(host) + pathOf(host, page);
  }

  public String robotsUrl(int host) {
    return layoutOfUrls.origin(host) + "/robots.txt";
  }

  /** The path of a page or a home page on its host. */
  String pathOf(int host, int page) {
    return layoutOfUrls.pathOf(host, page);
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
    return layoutOfUrls.allUrls();
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
    return layoutOfUrls.writeSeedFile(file, allPages);
  }

  /** The loop partner of loop page n of a host: /loop/n.html, which redirects back to it. */
  public String loopUrl(int host, int page) {
    return layoutOfUrls.origin(host) + LOOP_PREFIX + page + ".html";
  }

  /**
   * The page whose loop partner a path is (/loop/N.html for loop page N), or UNKNOWN_PAGE when the
   * path is none.
   */
  int loopPageAt(int host, String path) {
    return layoutOfUrls.loopPageAt(host, path);
  }

  /** The page a path names on a host: a page number, or HOME_PAGE, ROBOTS_PAGE, UNKNOWN_PAGE. */
  int pageAt(int host, String path) {
    return layoutOfUrls.pageAt(host, path);
  }

  /** A URL of the site as (host, page); page may be HOME_PAGE, ROBOTS_PAGE or UNKNOWN_PAGE. */
  Page locate(String url) {
    return layoutOfUrls.locate(url);
  }

  /** The URL of a page or a home page. */
  String urlOf(int host, int page) {
    return page == HOME_PAGE ? homeUrl(host) : pageUrl(host, page);
  }

  // ---- what each page is: PageKinds ----

  /** True when page n of a host is sent gzip-encoded (see Builder.gzipEvery). */
  public boolean isGzipped(int host, int page) {
    return kinds.isGzipped(host, page);
  }

  /**
   * The size a page's HTML is made to: pageKb, or a size from pageKb to maxPageKb chosen by the
   * page; LARGE_FACTOR times that for a large page (Builder.largeEvery).
   */
  public int pageBytes(int host, int page) {
    return kinds.pageBytes(host, page);
  }

  /** The kind of page n of a host. */
  public Kind kindOf(int host, int page) {
    return kinds.kindOf(host, page);
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
   * True when the page's text has {@link #MARKER_WORD} (whatever its kind: only an OK page shows
   * its text); home pages never do.
   */
  public boolean hasMarkerWord(String url) {
    Page at = locate(url);
    return hasMarkerWord(at.host, at.page);
  }

  boolean hasMarkerWord(int host, int page) {
    return kinds.hasMarkerWord(host, page);
  }

  /** The title of a page, which is also the anchor text of every link to it. */
  public String titleOf(String url) {
    Page at = locate(url);
    return title(at.host, at.page);
  }

  /** The title of a page or a home page; empty for robots.txt and unknown paths. */
  String title(int host, int page) {
    return kinds.title(host, page);
  }

  /** The seed of a page's text: the same page always has the same bytes. */
  long textSeed(int host, int page) {
    return kinds.textSeed(host, page);
  }

  // ---- links and redirects: LinkGraph ----

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

  private boolean isRedirect(Page at) {
    return at.page >= 0 && kindOf(at.host, at.page) == Kind.REDIRECT;
  }

  /** The absolute target of redirect page n of a host. */
  String redirectTarget(int host, int page) {
    return graph.redirectTarget(host, page);
  }

  /** 301 or 302: which one a redirect page answers. */
  int redirectStatus(int host, int page) {
    return kinds.redirectStatus(host, page);
  }

  /**
   * The link depth of every URL a robots-obeying crawler can reach from {@link #seeds()}: seeds are
   * 0, the links of a fetched page (OK kind, or a home page) one more, and a redirect's target one
   * more than the redirect. Redirects, 404s, 500s and disallowed pages have depths but no links.
   * Memory grows with the site: meant for test-sized sites.
   */
  public Map<String, Integer> linkDepths() {
    return graph.linkDepths();
  }

  /**
   * The links of a home page or a page with content (OK or disallowed), in page order; none for
   * others.
   */
  List<Page> links(int host, int page) {
    return graph.links(host, page);
  }

  /**
   * The nav bar of a page with content (a prefix of {@link #links}): the host's first navLinks
   * pages but the page itself; none for other pages.
   */
  List<Page> navBar(int host, int page) {
    return graph.navBar(host, page);
  }

  // ---- script pages: ScriptPages ----

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
    return scripts.isScriptPage(host, page);
  }

  /**
   * The links only a script page's script writes (its links after the nav bar), as absolute URLs in
   * page order; none for any other page.
   */
  public List<String> scriptLinksOf(String url) {
    Page at = locate(url);
    return scripts.scriptLinks(at.host, at.page);
  }

  /** The word only a script page's script writes (one per page, letters and digits), or null. */
  public String scriptWord(String url) {
    Page at = locate(url);
    return isScriptPage(at.host, at.page) ? scriptWord(at.host, at.page) : null;
  }

  String scriptWord(int host, int page) {
    return scripts.scriptWord(host, page);
  }

  /** The script page whose data a path is (/p/N.json), or UNKNOWN_PAGE. */
  int scriptPageAt(int host, String path) {
    return scripts.scriptPageAt(host, path);
  }

  /** The path of a script page's data: /p/N.json beside /p/N.html. */
  String scriptDataPath(int host, int page) {
    return scripts.scriptDataPath(host, page);
  }

  // ---- documents: SiteDocuments ----

  /**
   * What document a URL is, or null for an HTML page (or any URL when docsPct is 0): docsPct of the
   * OK pages are documents, of a type chosen by the page.
   */
  public DocType docType(String url) {
    Page at = locate(url);
    return at.page >= 0 && at.page < pages ? docType(at.host, at.page) : null;
  }

  DocType docType(int host, int page) {
    return documents.docType(host, page);
  }

  /** Every document of the site, as URLs, host by host in page order. */
  public List<String> documentUrls() {
    return documents.documentUrls();
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
    return documents.servedType(host, page);
  }

  /** True for the one PDF of more than {@link #BIG_PDF_BYTES}: host 0's first PDF. */
  public boolean isBigPdf(String url) {
    Page at = locate(url);
    return isBigPdf(at.host, at.page);
  }

  boolean isBigPdf(int host, int page) {
    return documents.isBigPdf(host, page);
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
    return documents.documentWord(host, page);
  }

  /** The author a PDF, DOCX or ODT names in its metadata; null for text, feeds and pages. */
  public String authorOf(String url) {
    Page at = locate(url);
    return authorOf(at.host, at.page);
  }

  String authorOf(int host, int page) {
    return documents.authorOf(host, page);
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
    return documents.documentLines(host, page);
  }

  /**
   * The items of a feed, newest first: first the pages only this feed links to, then up to two
   * other pages of the site; one item every {@link #feedItemGapHours} hours back from the site's
   * modification time. Empty for anything but a feed.
   */
  public List<FeedItem> feedItems(String url) {
    Page at = locate(url);
    return feedItems(at.host, at.page);
  }

  List<FeedItem> feedItems(int host, int page) {
    return documents.feedItems(host, page);
  }

  /** Hours between two items of a feed: 1 to 24, chosen by the feed. */
  public int feedItemGapHours(String url) {
    Page at = locate(url);
    return feedItemGapHours(at.host, at.page);
  }

  int feedItemGapHours(int host, int page) {
    return documents.feedItemGapHours(host, page);
  }

  /** The pages only a document links to: a feed's news pages, a PDF's annex. */
  int childCount(int host, int page) {
    return documents.childCount(host, page);
  }

  /**
   * True when {@code url} is a page only a document links to (a feed's news page, a PDF's annex).
   */
  public boolean isOnlyLinkedFromDocument(String url) {
    Page at = locate(url);
    return at.page >= pages;
  }
}
