package org.trawler.jobs.generate;

import java.net.MalformedURLException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLParts;
import org.trawler.jobs.hostdb.HostKnowledge;

/**
 * Whether one crawldb URL may go into the segment: due, not excluded, not too deep, accepted by the
 * filters.
 */
public final class SelectionRules {
  private final long now;
  private final long dueBefore;
  private final long delayMillis;
  private final int maxDepth;
  private final URLNormalizer normalizers;
  private final URLFilter filters;

  /**
   * @param now the generate time (ms)
   * @param dueBefore a URL is due when its fetchTime is at or before this (ms)
   * @param delaySeconds a URL marked by generate less than this long ago is not selected again
   * @param maxDepth the deepest depth selected; negative = no limit
   * @param normalizers applied in scope generate before filtering; null = none
   * @param filters null = none
   */
  public SelectionRules(
      long now,
      long dueBefore,
      long delaySeconds,
      int maxDepth,
      URLNormalizer normalizers,
      URLFilter filters) {
    this.now = now;
    this.dueBefore = dueBefore;
    this.delayMillis = delaySeconds * 1000L;
    this.maxDepth = maxDepth;
    this.normalizers = normalizers;
    this.filters = filters;
  }

  /**
   * The rules of {@code conf}'s generate settings knowing no host: what the Generator checks before
   * its jobs.
   */
  public static SelectionRules fromConf(Configuration conf) {
    return fromConf(conf, HostKnowledge.NONE);
  }

  /**
   * The rules of a generate task, from the keys the Generator set, normalizing with the parameters
   * {@code known} learned. Creates the configured normalizers and filters at once: a bad setting is
   * a BadSettingException.
   */
  public static SelectionRules fromConf(Configuration conf, HostKnowledge known) {
    long now = conf.getLong(GeneratorKeys.TIME, System.currentTimeMillis());
    URLNormalizers normalizers =
        conf.getBoolean(GeneratorKeys.NORMALISE, GeneratorKeys.DEFAULT_NORMALISE)
            ? URLNormalizers.forScope(
                conf, URLNormalizers.SCOPE_GENERATE, List.of(known.learnedParams()))
            : null;
    return new SelectionRules(
        now,
        conf.getLong(GeneratorKeys.DUE_BEFORE, now),
        Settings.getLong(conf, GeneratorKeys.DELAY, GeneratorKeys.DEFAULT_DELAY),
        Settings.getInt(conf, GeneratorKeys.MAX_DEPTH, GeneratorKeys.DEFAULT_MAX_DEPTH),
        normalizers,
        conf.getBoolean(GeneratorKeys.FILTER, GeneratorKeys.DEFAULT_FILTER)
            ? new URLFilters(conf)
            : null);
  }

  /** Why the URL is not selected, or null when it is a candidate. The cheap checks come first. */
  public SkipReason skipReason(String url, CrawlDatum datum) {
    SkipReason reason = skipReason(datum);
    return reason != null ? reason : urlSkipReason(url);
  }

  /** The checks on the datum alone: status, due time, generate mark, depth. */
  public SkipReason skipReason(CrawlDatum datum) {
    if (datum.getStatus() == CrawlStatus.DB_DUPLICATE) {
      return SkipReason.DUPLICATE;
    }
    if (datum.getStatus() == CrawlStatus.DB_ORPHAN) {
      return SkipReason.ORPHAN;
    }
    if (datum.getFetchTime() > dueBefore) {
      return SkipReason.NOT_DUE;
    }
    long marked = datum.getMetaLong(MetadataKeys.GENERATE_TIME, -1);
    if (marked > 0 && marked + delayMillis > now) {
      return SkipReason.GENERATE_MARKED;
    }
    int limit = datum.getMetaInt(MetadataKeys.MAX_DEPTH, maxDepth);
    if (limit >= 0 && datum.getDepth() > limit) {
      return SkipReason.TOO_DEEP;
    }
    return null;
  }

  /**
   * The checks on the URL: it has a scheme, and normalized it passes the filters. Whether its
   * scheme can be fetched is the fetcher's decision, which records it.
   */
  public SkipReason urlSkipReason(String url) {
    if (URLParts.schemeEnd(url) < 0) {
      return SkipReason.MALFORMED;
    }
    try {
      String checked =
          normalizers == null ? url : normalizers.normalize(url, URLNormalizers.SCOPE_GENERATE);
      if (checked != null && filters != null) {
        checked = filters.filter(checked);
      }
      return checked == null ? SkipReason.FILTERED : null;
    } catch (MalformedURLException e) {
      return SkipReason.MALFORMED;
    }
  }
}
