package org.trawler.simweb;

import static org.trawler.simweb.PageHash.mix;
import static org.trawler.simweb.PageHash.unit;
import static org.trawler.simweb.SiteModel.HOME_PAGE;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.trawler.simweb.SiteModel.Kind;
import org.trawler.simweb.SiteModel.Page;

/**
 * A site's link graph: the links of every page (its nav bar, then random targets, some on other
 * hosts), where a redirect points, and the link depth of every reachable URL. Pages are keys (host,
 * page) packed into a long.
 */
final class LinkGraph {
  private static final long SALT_LINKS = 0x4c494e4bL;

  /** Pages the home page links to, at least (more when outlinks is larger). */
  private static final int MIN_HOME_LINKS = 10;

  private final SiteModel site;
  private final PageHash hash;

  LinkGraph(SiteModel site, PageHash hash) {
    this.site = site;
    this.hash = hash;
  }

  /**
   * The links of a home page or a page with content (OK or disallowed), in page order; none for
   * others.
   */
  List<Page> links(int host, int page) {
    if (page != HOME_PAGE && (page < 0 || !PageKinds.hasContent(site.kindOf(host, page)))) {
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
    int pages = site.pagesPerHost();
    if (page != HOME_PAGE
        && (page < 0
            || !PageKinds.hasContent(site.kindOf(host, page))
            || page >= pages
            || site.docType(host, page) != null)) {
      return List.of();
    }
    List<Page> list = new ArrayList<>();
    for (int p = 0; p < Math.min(site.navLinks(), pages); p++) {
      if (p != page) {
        list.add(new Page(host, p));
      }
    }
    return list;
  }

  /** The absolute target of redirect page n of a host. */
  String redirectTarget(int host, int page) {
    return site.urlOf(host, redirectTargetPage(host, page));
  }

  /**
   * The link depth of every URL a robots-obeying crawler can reach from the seeds: seeds are 0, the
   * links of a fetched page (OK kind, or a home page) one more, and a redirect's target one more
   * than the redirect.
   */
  Map<String, Integer> linkDepths() {
    Map<Long, Integer> depth = new LinkedHashMap<>();
    ArrayDeque<Long> queue = new ArrayDeque<>();
    for (int h = 0; h < site.hosts(); h++) {
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
      Kind kind = site.kindOf(h, p);
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
      byUrl.put(site.urlOf(hostOf(e.getKey()), pageOf(e.getKey())), e.getValue());
    }
    return byUrl;
  }

  /** Link targets of a page as keys (host, page), distinct, in page order. */
  private long[] linkTargets(int host, int page) {
    int pages = site.pagesPerHost();
    int outlinks = site.outlinksPerPage();
    int navLinks = site.navLinks();
    if (page == HOME_PAGE) {
      int n = Math.min(pages, Math.max(Math.max(outlinks, navLinks), MIN_HOME_LINKS));
      long[] targets = new long[n];
      for (int p = 0; p < n; p++) {
        targets[p] = key(host, p);
      }
      return targets;
    }
    if (page >= pages || site.docType(host, page) != null) {
      return site.documents().documentTargets(host, page);
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
  long[] randomTargets(int host, int page, int count, Set<Long> seen) {
    int hosts = site.hosts();
    int pages = site.pagesPerHost();
    long[] targets = new long[count];
    int n = 0;
    long base = hash.of(host, page, SALT_LINKS);
    for (int i = 0; n < count && i < 4 * site.outlinksPerPage() + 8; i++) {
      long r = mix(base + i);
      boolean cross = hosts > 1 && unit(r) * 100 < site.crossHostPct();
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
    long base = hash.of(host, page, PageKinds.SALT_REDIRECT);
    for (int i = 1; i <= 20; i++) {
      int target = (int) Math.floorMod(mix(base + i), (long) site.pagesPerHost());
      if (target != page && site.kindOf(host, target) != Kind.REDIRECT) {
        return target;
      }
    }
    return HOME_PAGE;
  }

  long key(int host, int page) {
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
    long pages = site.pagesPerHost();
    return site.docsPct() > 0 ? pages * (1 + SiteDocuments.CHILDREN) + 1 : pages + 1;
  }
}
