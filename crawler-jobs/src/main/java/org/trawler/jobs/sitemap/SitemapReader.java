package org.trawler.jobs.sitemap;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;

/**
 * Reads one fetched sitemap file with crawler-commons' SiteMapParser: XML, text, RSS, Atom, gzip,
 * or a sitemap index. Never throws for bad content: the {@link Result} names the counter of what
 * went wrong, and keeps what could be read (the first sitemap.max.urls URLs of a longer file).
 */
public final class SitemapReader {
  private static final int SITEMAPS_ORG_MAX_URLS = 50000;

  private final int maxUrls;
  private final int sizeMax;

  public SitemapReader(int maxUrls, int sizeMax) {
    this.maxUrls = maxUrls;
    this.sizeMax = sizeMax;
  }

  public static SitemapReader fromConf(Configuration conf) {
    return new SitemapReader(
        Settings.getInt(conf, SitemapKeys.MAX_URLS, SitemapKeys.DEFAULT_MAX_URLS),
        Settings.getInt(conf, SitemapKeys.SIZE_MAX, SitemapKeys.DEFAULT_SIZE_MAX));
  }

  /**
   * What a sitemap file held: page entries, or (for an index) the sitemaps it lists; {@code
   * problem} is the counter of what went wrong, null when nothing did; {@code message} says it.
   */
  public record Result(
      List<SiteMapURL> urls, List<String> sitemaps, SitemapCounter problem, String message) {
    static Result failed(SitemapCounter problem, String message) {
      return new Result(List.of(), List.of(), problem, message);
    }
  }

  /** Parses {@code content} fetched from {@code url} with {@code contentType} (may be empty). */
  public Result read(String url, byte[] content, String contentType) {
    if (content.length > sizeMax) {
      return Result.failed(
          SitemapCounter.TOO_LARGE,
          content.length + " bytes, " + SitemapKeys.SIZE_MAX + " is " + sizeMax);
    }
    AbstractSiteMap parsed;
    try {
      // Not strict: the cross-submit rule is applied per host by the caller, with robots.txt.
      SiteMapParser parser = new SiteMapParser(false);
      parsed =
          contentType == null || contentType.isEmpty()
              ? parser.parseSiteMap(content, new URL(url))
              : parser.parseSiteMap(contentType, content, new URL(url));
    } catch (UnknownFormatException e) {
      return Result.failed(SitemapCounter.UNKNOWN_FORMAT, e.getMessage());
    } catch (MalformedURLException e) {
      return Result.failed(SitemapCounter.UNPARSABLE, "malformed URL: " + e.getMessage());
    } catch (IOException | RuntimeException e) {
      return Result.failed(SitemapCounter.UNPARSABLE, e.toString());
    }
    if (parsed instanceof SiteMapIndex index) {
      List<String> sitemaps = new ArrayList<>();
      for (AbstractSiteMap s : index.getSitemaps()) {
        if (sitemaps.size() == maxUrls) {
          return new Result(
              List.of(), sitemaps, SitemapCounter.TOO_MANY_URLS, "index cut at " + maxUrls);
        }
        sitemaps.add(s.getUrl().toString());
      }
      return new Result(List.of(), sitemaps, null, null);
    }
    List<SiteMapURL> urls = new ArrayList<>();
    for (SiteMapURL u : ((SiteMap) parsed).getSiteMapUrls()) {
      if (urls.size() == maxUrls) {
        break;
      }
      urls.add(u);
    }
    // SiteMapParser itself stops reading at 50 000 URLs: a file at the limit counts as cut.
    return urls.size() < maxUrls && urls.size() < SITEMAPS_ORG_MAX_URLS
        ? new Result(urls, List.of(), null, null)
        : new Result(urls, List.of(), SitemapCounter.TOO_MANY_URLS, "cut at " + urls.size());
  }
}
