package org.trawler.simweb;

import static org.trawler.simweb.SiteModel.ANNEX_PREFIX;
import static org.trawler.simweb.SiteModel.DOC_PREFIX;
import static org.trawler.simweb.SiteModel.HOME_PAGE;
import static org.trawler.simweb.SiteModel.LOOP_PREFIX;
import static org.trawler.simweb.SiteModel.NEWS_PREFIX;
import static org.trawler.simweb.SiteModel.ROBOTS_PAGE;
import static org.trawler.simweb.SiteModel.UNKNOWN_PAGE;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.trawler.core.net.URLParts;
import org.trawler.simweb.SiteModel.DocType;
import org.trawler.simweb.SiteModel.Kind;
import org.trawler.simweb.SiteModel.Page;

/**
 * Where a site's pages are: host i's loopback address, each page's path (/p/N.html,
 * /private/N.html, /d/N.pdf, /news/FEED-I.html, /loop/N.html...) and URL, and back from a URL or a
 * path to (host, page).
 */
final class UrlLayout {
  /** Addresses per /24 block: last octet 2..254. */
  static final int HOSTS_PER_BLOCK = 253;

  private final SiteModel site;

  UrlLayout(SiteModel site) {
    this.site = site;
  }

  /** Host i's address: 127.0.0.2 for host 0, ..., 127.0.0.254, then 127.0.1.2, ... */
  String address(int host) {
    site.kinds().checkHost(host);
    return dotted(addressBytesOf(host));
  }

  private static String dotted(byte[] b) {
    return "127." + (b[1] & 0xff) + "." + (b[2] & 0xff) + "." + (b[3] & 0xff);
  }

  /** The addresses of a site of {@code hosts} hosts (its servers may run in another JVM). */
  static List<String> addresses(int hosts) {
    List<String> all = new ArrayList<>(hosts);
    for (int host = 0; host < hosts; host++) {
      all.add(dotted(addressBytesOf(host)));
    }
    return all;
  }

  /** Host i's address as the four bytes a socket binds. */
  byte[] addressBytes(int host) {
    site.kinds().checkHost(host);
    return addressBytesOf(host);
  }

  private static byte[] addressBytesOf(int host) {
    int block = host / HOSTS_PER_BLOCK;
    return new byte[] {
      127, (byte) (block >>> 8), (byte) block, (byte) (2 + host % HOSTS_PER_BLOCK)
    };
  }

  /** The host number of an address string, or -1 when it is not one of the site's hosts. */
  int hostIndex(String address) {
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
    return host < site.hosts() ? (int) host : -1;
  }

  String origin(int host) {
    return "http://" + address(host) + ":" + site.port();
  }

  /** The path of a page or a home page on its host. */
  String pathOf(int host, int page) {
    if (page == HOME_PAGE) {
      return "/";
    }
    SiteDocuments documents = site.documents();
    if (page >= site.pagesPerHost()) {
      int parent = documents.parentOf(page);
      String prefix = documents.docType(host, parent) == DocType.PDF ? ANNEX_PREFIX : NEWS_PREFIX;
      return prefix + parent + "-" + documents.childIndex(page) + ".html";
    }
    DocType doc = documents.docType(host, page);
    if (doc != null) {
      return DOC_PREFIX + page + "." + doc.extension();
    }
    return (site.kindOf(host, page) == Kind.DISALLOWED ? "/private/" : "/p/") + page + ".html";
  }

  /** Every URL of the site: each host's home page and all its pages, whatever their kind. */
  List<String> allUrls() {
    int pages = site.pagesPerHost();
    SiteDocuments documents = site.documents();
    List<String> list = new ArrayList<>(site.hosts() * (pages + 1));
    for (int h = 0; h < site.hosts(); h++) {
      list.add(site.homeUrl(h));
      for (int p = 0; p < pages; p++) {
        list.add(site.pageUrl(h, p));
      }
      for (int p = 0; p < pages; p++) {
        for (int c = 0; c < documents.childCount(h, p); c++) {
          list.add(site.pageUrl(h, documents.child(p, c)));
        }
      }
    }
    return list;
  }

  /** Writes the seed URLs to {@code file}, one per line; returns the file. */
  Path writeSeedFile(Path file, boolean allPages) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int h = 0; h < site.hosts(); h++) {
        w.write(site.homeUrl(h));
        w.newLine();
      }
      if (allPages) {
        for (int h = 0; h < site.hosts(); h++) {
          for (int p = 0; p < site.pagesPerHost(); p++) {
            w.write(site.pageUrl(h, p));
            w.newLine();
          }
        }
      }
    }
    return file;
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
              && page < site.pagesPerHost()
              && String.valueOf(page).equals(number)
              && site.kindOf(host, page) == Kind.LOOP;
      return loop ? page : UNKNOWN_PAGE;
    } catch (NumberFormatException e) {
      return UNKNOWN_PAGE;
    }
  }

  /** The page a path names on a host: a page number, or HOME_PAGE, ROBOTS_PAGE, UNKNOWN_PAGE. */
  int pageAt(int host, String path) {
    if (path == null || path.isEmpty() || path.equals("/")) {
      return HOME_PAGE;
    }
    if (path.equals("/robots.txt")) {
      return ROBOTS_PAGE;
    }
    if (site.docsPct() > 0
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
        || page >= site.pagesPerHost()
        || !String.valueOf(page).equals(number)
        || isPrivate != (site.kindOf(host, page) == Kind.DISALLOWED)
        || site.docType(host, page) != null) {
      return UNKNOWN_PAGE;
    }
    return page;
  }

  /** The document or child page a /d/, /news/ or /annex/ path names, or UNKNOWN_PAGE. */
  private int documentPageAt(int host, String path) {
    int pages = site.pagesPerHost();
    SiteDocuments documents = site.documents();
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
                && documents.docType(host, page) != null;
        return ok && pathOf(host, page).equals(path) ? page : UNKNOWN_PAGE;
      }
      String prefix = path.startsWith(NEWS_PREFIX) ? NEWS_PREFIX : ANNEX_PREFIX;
      int dash = path.indexOf('-', prefix.length());
      if (dash < 0 || !path.endsWith(".html")) {
        return UNKNOWN_PAGE;
      }
      int parent = Integer.parseInt(path.substring(prefix.length(), dash));
      int index = Integer.parseInt(path.substring(dash + 1, path.length() - ".html".length()));
      if (parent < 0
          || parent >= pages
          || index < 0
          || index >= documents.childCount(host, parent)) {
        return UNKNOWN_PAGE;
      }
      int page = documents.child(parent, index);
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
}
