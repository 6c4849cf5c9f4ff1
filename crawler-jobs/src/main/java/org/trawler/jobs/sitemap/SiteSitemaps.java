package org.trawler.jobs.sitemap;

import crawlercommons.sitemaps.SiteMapURL;
import java.net.MalformedURLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.ProtocolOutput;

/**
 * The sitemaps of one site, read one after another: the ones its robots.txt names (or /sitemap.xml
 * when it names none and sitemap.url.default), plus any given; indexes followed to
 * sitemap.index.max.depth on the same site. Every URL found is normalized and filtered (scope
 * sitemap); a URL of another host is kept only when that host's robots.txt names the sitemap it
 * came from (sitemap.strict).
 */
public final class SiteSitemaps {
  private static final Logger LOG = LoggerFactory.getLogger(SiteSitemaps.class);
  private static final String DEFAULT_PATH = "/sitemap.xml";

  /**
   * How sitemaps and robots.txt files are fetched: {@link org.trawler.jobs.politeness.HostFetcher}.
   */
  public interface Source {
    ProtocolOutput fetch(String url) throws InterruptedException;

    List<String> robotsSitemaps(String url);
  }

  /** Where the results go: entries by URL, and counts. */
  public interface Sink {
    void entry(String url, CrawlDatum entry);

    void count(SitemapCounter counter, long n);
  }

  private final Source source;
  private final SitemapReader reader;
  private final SitemapMapping mapping;
  private final URLNormalizers normalizers;
  private final URLFilter filters;
  private final int maxDepth;
  private final boolean strict;
  private final boolean useDefault;

  public SiteSitemaps(
      Source source,
      SitemapReader reader,
      SitemapMapping mapping,
      URLNormalizers normalizers,
      URLFilter filters,
      int maxDepth,
      boolean strict,
      boolean useDefault) {
    this.source = source;
    this.reader = reader;
    this.mapping = mapping;
    this.normalizers = normalizers;
    this.filters = filters;
    this.maxDepth = maxDepth;
    this.strict = strict;
    this.useDefault = useDefault;
  }

  private record Pending(String url, int depth) {}

  /**
   * Reads the sitemaps of {@code site} (scheme://host[:port]) and {@code given} ones at {@code
   * now}.
   */
  public void read(String site, List<String> given, long now, Sink sink)
      throws InterruptedException {
    Set<String> top = new LinkedHashSet<>(source.robotsSitemaps(site + "/"));
    if (top.isEmpty() && useDefault) {
      top.add(site + DEFAULT_PATH);
    }
    top.addAll(given);
    Deque<Pending> queue = new ArrayDeque<>();
    for (String s : top) {
      queue.add(new Pending(s, 0));
    }
    Set<String> seen = new LinkedHashSet<>();
    Map<String, List<String>> robotsOfHost = new HashMap<>();
    while (!queue.isEmpty()) {
      Pending p = queue.poll();
      if (!seen.add(p.url())) {
        continue;
      }
      ProtocolOutput out = source.fetch(p.url());
      if (out.getStatus() != CrawlStatus.FETCH_SUCCESS) {
        LOG.info("sitemap {} not fetched: {}", p.url(), out.toProtocolStatus());
        sink.count(SitemapCounter.NOT_FETCHED, 1);
        continue;
      }
      Content content = out.getContent();
      if (content.isTruncated()) {
        LOG.warn("sitemap {} is larger than " + SitemapKeys.SIZE_MAX + ": skipped", p.url());
        sink.count(SitemapCounter.TOO_LARGE, 1);
        continue;
      }
      SitemapReader.Result r = reader.read(p.url(), content.getContent(), content.getContentType());
      if (r.problem() != null) {
        LOG.warn("sitemap {}: {} ({})", p.url(), r.problem().counterName(), r.message());
        sink.count(r.problem(), 1);
        if (r.urls().isEmpty() && r.sitemaps().isEmpty()) {
          continue;
        }
      }
      sink.count(SitemapCounter.PARSED, 1);
      if (!r.sitemaps().isEmpty()) {
        sink.count(SitemapCounter.INDEXES, 1);
      }
      for (String child : r.sitemaps()) {
        if (p.depth() + 1 > maxDepth) {
          LOG.warn(
              "sitemap {} in index {} is deeper than " + SitemapKeys.INDEX_MAX_DEPTH,
              child,
              p.url());
          sink.count(SitemapCounter.TOO_DEEP, 1);
        } else if (!site.equals(URLParts.of(child).origin())) {
          LOG.warn("sitemap {} in index {} is on another site: skipped", child, p.url());
          sink.count(SitemapCounter.CROSS_HOST_REFUSED, 1);
        } else {
          queue.add(new Pending(child, p.depth() + 1));
        }
      }
      String sitemapHost = URLParts.host(p.url());
      for (SiteMapURL u : r.urls()) {
        String url = accept(u.getUrl().toString());
        if (url == null) {
          sink.count(SitemapCounter.URLS_REJECTED, 1);
          continue;
        }
        String host = URLParts.host(url);
        if (strict && host != null && !host.equals(sitemapHost)) {
          List<String> named = robotsOfHost.computeIfAbsent(host, h -> source.robotsSitemaps(url));
          if (!named.contains(p.url())) {
            LOG.info("{} from sitemap {}: its host's robots.txt does not name it", url, p.url());
            sink.count(SitemapCounter.CROSS_HOST_REFUSED, 1);
            continue;
          }
        }
        sink.entry(url, mapping.entry(u, now));
        sink.count(SitemapCounter.URLS, 1);
      }
    }
  }

  /** The URL normalized and filtered in scope sitemap, or null when refused. */
  private String accept(String url) {
    try {
      String u =
          normalizers == null ? url : normalizers.normalize(url, URLNormalizers.SCOPE_SITEMAP);
      return u == null || filters == null ? u : filters.filter(u);
    } catch (MalformedURLException | RuntimeException e) {
      return null;
    }
  }
}
