package org.trawler.simweb;

import static org.trawler.simweb.PageHash.unit;
import static org.trawler.simweb.SiteModel.HOME_PAGE;

import org.trawler.simweb.SiteModel.Kind;

/**
 * What each page of a site is: its kind (OK, redirect, 404, 500, disallowed, or one of the soak's
 * faults), its size and encoding, its title, the seed of its text and whether it has the marker
 * word.
 */
final class PageKinds {
  private static final long SALT_KIND = 0x4b494e44L;
  private static final long SALT_TEXT = 0x54455854L;
  private static final long SALT_TITLE = 0x5449544cL;
  private static final long SALT_SIZE = 0x53495a45L;
  private static final long SALT_MARKER = 0x4d41524bL;
  private static final long SALT_REMOVED = 0x52454d56L;

  /** Salt of a redirect's status and of its target ({@link LinkGraph}). */
  static final long SALT_REDIRECT = 0x52454449L;

  private static final double MARKER_SHARE = 0.1;

  private final SiteModel site;
  private final PageHash hash;

  PageKinds(SiteModel site, PageHash hash) {
    this.site = site;
    this.hash = hash;
  }

  /** True when page n of a host is sent gzip-encoded (see Builder.gzipEvery). */
  boolean isGzipped(int host, int page) {
    int gzipEvery = site.gzipEvery();
    return gzipEvery > 0 && page >= 0 && page % gzipEvery == 1 % gzipEvery;
  }

  /**
   * The size a page's HTML is made to: pageKb, or a size from pageKb to maxPageKb chosen by the
   * page; LARGE_FACTOR times that for a large page (Builder.largeEvery).
   */
  int pageBytes(int host, int page) {
    int largeEvery = site.largeEvery();
    boolean large = largeEvery > 0 && page >= 0 && page % largeEvery == 2 % largeEvery;
    int pageKb = site.pageKb();
    int maxPageKb = site.maxPageKb();
    int kb = pageKb;
    if (maxPageKb > pageKb && page >= 0) {
      kb += (int) Math.floorMod(hash.of(host, page, SALT_SIZE), (long) (maxPageKb - pageKb + 1));
    }
    return kb * 1024 * (large ? SiteModel.LARGE_FACTOR : 1);
  }

  /** The kind of page n of a host. */
  Kind kindOf(int host, int page) {
    checkHost(host);
    if (page == HOME_PAGE) {
      return Kind.OK;
    }
    checkPage(host, page);
    if (page >= site.pagesPerHost()) {
      return Kind.OK; // a page only a document links to
    }
    double redirectPct = site.redirectPct();
    double notFoundPct = site.notFoundPct();
    double errorPct = site.errorPct();
    double u = unit(hash.of(host, page, SALT_KIND)) * 100;
    if (u < redirectPct) {
      return Kind.REDIRECT;
    }
    if (u < redirectPct + notFoundPct) {
      return Kind.NOT_FOUND;
    }
    if (u < redirectPct + notFoundPct + errorPct) {
      return Kind.ERROR;
    }
    double below = redirectPct + notFoundPct + errorPct + site.disallowPct();
    if (u < below) {
      return Kind.DISALLOWED;
    }
    if (u < (below += site.resetPct())) {
      return Kind.RESET;
    }
    if (u < (below += site.slowPct())) {
      return Kind.SLOW;
    }
    if (u < (below += site.loopPct())) {
      return Kind.LOOP;
    }
    if (u < below + site.hugePct()) {
      return Kind.HUGE;
    }
    double removedPct = site.removedPct();
    if (removedPct > 0 && unit(hash.of(host, page, SALT_REMOVED)) * 100 < removedPct) {
      return Kind.NOT_FOUND;
    }
    return Kind.OK;
  }

  /** Whether a page of this kind shows its text and links. */
  static boolean hasContent(Kind kind) {
    return kind == Kind.OK || kind == Kind.SLOW || kind == Kind.DISALLOWED;
  }

  boolean hasMarkerWord(int host, int page) {
    return page >= 0 && unit(hash.of(host, page, SALT_MARKER)) < MARKER_SHARE;
  }

  /** 301 or 302: which one a redirect page answers. */
  int redirectStatus(int host, int page) {
    return (hash.of(host, page, SALT_REDIRECT) & 1) == 0 ? 301 : 302;
  }

  /** The title of a page or a home page; empty for robots.txt and unknown paths. */
  String title(int host, int page) {
    if (page == HOME_PAGE) {
      return "Home of " + site.address(host);
    }
    if (page < 0) {
      return "";
    }
    return SimWebHtml.title(hash.of(host, page, SALT_TITLE), page);
  }

  /** The seed of a page's text: the same page always has the same bytes. */
  long textSeed(int host, int page) {
    return hash.of(host, page, SALT_TEXT);
  }

  void checkHost(int host) {
    int hosts = site.hosts();
    if (host < 0 || host >= hosts) {
      throw new IllegalArgumentException("host " + host + " is not in 0.." + (hosts - 1));
    }
  }

  private void checkPage(int host, int page) {
    int pages = site.pagesPerHost();
    if (page >= pages
        && page < pages * (1L + SiteDocuments.CHILDREN)
        && site.documents().isChild(host, page)) {
      return;
    }
    if (page < 0 || page >= pages) {
      throw new IllegalArgumentException("page " + page + " is not in 0.." + (pages - 1));
    }
  }
}
