package org.trawler.jobs.sitemap;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.protocol.http.BodyReader;
import org.trawler.core.protocol.http.Deadline;
import org.trawler.core.protocol.http.DeadlineExceededException;

/**
 * Reads one fetched sitemap file with crawler-commons' SiteMapParser: XML, text, RSS, Atom, gzip,
 * or a sitemap index. Never throws for bad content: the {@link Result} names the counter of what
 * went wrong, and keeps what could be read (the first sitemap.max.urls URLs of a longer file).
 * Bounded: a gzipped file is inflated by the fetcher's {@link BodyReader} to sitemap.size.max
 * decompressed bytes at most (a gzip bomb of zeros inflates 1000 to 1), and decompression and parse
 * together end at sitemap.parse.timeout.
 */
public final class SitemapReader {
  private static final int SITEMAPS_ORG_MAX_URLS = 50000;

  /** A gzip inside a gzip is inflated too (servers compress a .gz file again); a third is not. */
  private static final int MAX_GZIP_LAYERS = 2;

  private final int maxUrls;
  private final int sizeMax;
  private final long timeoutMillis;

  /** {@code timeoutMillis} 0: no time limit. */
  public SitemapReader(int maxUrls, int sizeMax, long timeoutMillis) {
    this.maxUrls = maxUrls;
    this.sizeMax = sizeMax;
    this.timeoutMillis = timeoutMillis;
  }

  public static SitemapReader fromConf(Configuration conf) {
    return new SitemapReader(
        Settings.getInt(conf, SitemapKeys.MAX_URLS, SitemapKeys.DEFAULT_MAX_URLS),
        Settings.getInt(conf, SitemapKeys.SIZE_MAX, SitemapKeys.DEFAULT_SIZE_MAX),
        1000L
            * Settings.getInt(conf, SitemapKeys.PARSE_TIMEOUT, SitemapKeys.DEFAULT_PARSE_TIMEOUT));
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
    Deadline deadline = Deadline.inMillis(timeoutMillis);
    Inflated inflated = inflate(content, deadline);
    if (inflated.failure() != null) {
      return inflated.failure();
    }
    byte[] bytes = inflated.bytes();
    String location = url;
    String type = contentType;
    if (inflated.layers() > 0) {
      location = location.replaceFirst("(?i)\\.gz$", "");
      type = null; // the inflated bytes say what they are, not the gzip's type
    } else if (type != null && type.toLowerCase(Locale.ROOT).contains("gzip")) {
      type = null; // served as gzip but decoded already (Content-Encoding)
    }
    AbstractSiteMap parsed;
    try {
      SiteMapParser parser = new DeadlineSiteMapParser(deadline);
      parsed =
          type == null || type.isEmpty()
              ? parser.parseSiteMap(bytes, new URL(location))
              : parser.parseSiteMap(type, bytes, new URL(location));
    } catch (UnknownFormatException e) {
      return deadline.isExpired()
          ? timedOut()
          : Result.failed(SitemapCounter.UNKNOWN_FORMAT, e.getMessage());
    } catch (MalformedURLException e) {
      return Result.failed(SitemapCounter.UNPARSABLE, "malformed URL: " + e.getMessage());
    } catch (IOException | RuntimeException e) {
      return deadline.isExpired()
          ? timedOut()
          : Result.failed(SitemapCounter.UNPARSABLE, e.toString());
    }
    if (deadline.isExpired()) {
      return timedOut();
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

  private Result timedOut() {
    return Result.failed(
        SitemapCounter.PARSE_TIMEOUT,
        "not read within " + timeoutMillis + " ms, " + SitemapKeys.PARSE_TIMEOUT);
  }

  /** The gzip magic number: the file itself is compressed, whatever its type or name says. */
  private static boolean isGzip(byte[] b) {
    return b.length >= 2 && (b[0] & 0xff) == 0x1f && (b[1] & 0xff) == 0x8b;
  }

  /** A file with its gzip layers undone, or why that failed. */
  private record Inflated(byte[] bytes, int layers, Result failure) {}

  /**
   * Undoes the gzip layers of {@code content} through the fetcher's bounded body reader: at most
   * sitemap.size.max bytes are ever held, whatever the compression ratio.
   */
  private Inflated inflate(byte[] content, Deadline deadline) {
    byte[] bytes = content;
    int layer = 0;
    for (; isGzip(bytes); layer++) {
      if (layer == MAX_GZIP_LAYERS) {
        return new Inflated(
            null,
            layer,
            Result.failed(SitemapCounter.UNKNOWN_FORMAT, "gzip inside gzip inside gzip"));
      }
      BodyReader.Body body;
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
        body = BodyReader.read(in, sizeMax, deadline);
      } catch (DeadlineExceededException e) {
        return new Inflated(null, layer, timedOut());
      } catch (IOException e) {
        return new Inflated(
            null,
            layer,
            Result.failed(SitemapCounter.UNKNOWN_FORMAT, "bad gzip: " + e.getMessage()));
      }
      if (body.truncated()) {
        return new Inflated(
            null,
            layer,
            Result.failed(
                SitemapCounter.TOO_LARGE,
                "more than " + sizeMax + " bytes decompressed, " + SitemapKeys.SIZE_MAX));
      }
      bytes = body.bytes();
    }
    return new Inflated(bytes, layer, null);
  }
}
