package org.trawler.jobs.inject;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLParts;
import org.trawler.core.schedule.ScheduleKeys;
import org.trawler.jobs.inject.SeedLine.BadSeedException;
import org.trawler.jobs.inject.SeedLine.Problem;

/**
 * Turns seed lines into injected datums: parses the line, normalizes the URL (scope inject), checks
 * that it has a scheme and a host, filters it, and applies the defaults.
 */
public final class SeedParser {

  /** An accepted seed: its normalized URL and its datum (status injected). */
  public static final class Accepted {
    public final String url;
    public final CrawlDatum datum;

    Accepted(String url, CrawlDatum datum) {
      this.url = url;
      this.datum = datum;
    }
  }

  private final float defaultScore;
  private final int defaultInterval;
  private final int maxUrlLength;
  private final URLNormalizer normalizer;
  private final URLFilter filter;

  public SeedParser(
      float defaultScore,
      int defaultInterval,
      int maxUrlLength,
      URLNormalizer normalizer,
      URLFilter filter) {
    this.defaultScore = defaultScore;
    this.defaultInterval = defaultInterval;
    this.maxUrlLength = maxUrlLength;
    this.normalizer = normalizer;
    this.filter = filter;
  }

  /**
   * A parser with the defaults, normalizers and filters of {@code conf}, all set up at once: a bad
   * setting is a BadSettingException here, not a problem of the first seed.
   */
  public static SeedParser fromConf(Configuration conf) {
    return new SeedParser(
        Settings.getFloat(conf, InjectKeys.SCORE_INJECTED, InjectKeys.DEFAULT_SCORE_INJECTED),
        Settings.getInt(conf, ScheduleKeys.INTERVAL, ScheduleKeys.DEFAULT_INTERVAL),
        Settings.getInt(conf, InjectKeys.URL_MAX_LENGTH, InjectKeys.DEFAULT_URL_MAX_LENGTH),
        URLNormalizers.forScope(conf, URLNormalizers.SCOPE_INJECT),
        new URLFilters(conf));
  }

  /** The seed of one line, null for a blank or comment line; fetchTime is {@code now}. */
  public Accepted parse(String line, long now) throws BadSeedException {
    SeedLine seed = SeedLine.parse(line);
    if (seed == null) {
      return null;
    }
    String url = checkUrl(seed.url());
    return new Accepted(url, datum(seed, now));
  }

  /** The normalized, filtered URL, or the reason it is not one. */
  String checkUrl(String raw) throws BadSeedException {
    if (raw.length() > maxUrlLength) {
      throw new BadSeedException(
          Problem.URL_TOO_LONG,
          "URL of "
              + raw.length()
              + " characters, longer than "
              + InjectKeys.URL_MAX_LENGTH
              + "="
              + maxUrlLength);
    }
    int space = raw.indexOf(' ');
    if (space >= 0) {
      // almost always a space typed where a tab was meant ("http://a.org/ nutch.score=2"), which
      // the normalizers would otherwise quietly encode into the URL as %20
      throw new BadSeedException(
          Problem.MALFORMED_URL,
          "malformed URL: a space at column "
              + (space + 1)
              + " (metadata must be separated by tabs, and spaces in a URL written %20)");
    }
    String url;
    try {
      url = normalizer.normalize(raw, URLNormalizers.SCOPE_INJECT);
    } catch (MalformedURLException | IllegalArgumentException e) {
      throw new BadSeedException(Problem.MALFORMED_URL, "malformed URL: " + e.getMessage());
    } catch (RuntimeException e) {
      throw new BadSeedException(Problem.URL_RULES_FAILED, "a URL normalizer failed: " + e, e);
    }
    if (url == null) {
      throw new BadSeedException(Problem.REJECTED_BY_NORMALIZER, "rejected by a URL normalizer");
    }
    requireSchemeAndHost(url);
    String accepted;
    try {
      accepted = filter.filter(url);
    } catch (RuntimeException e) {
      throw new BadSeedException(Problem.URL_RULES_FAILED, "a URL filter failed: " + e, e);
    }
    if (accepted == null) {
      throw new BadSeedException(Problem.REJECTED_BY_FILTER, "rejected by the URL filters");
    }
    return url;
  }

  private static void requireSchemeAndHost(String url) throws BadSeedException {
    try {
      new URI(url); // a last check that every component is well-formed
    } catch (URISyntaxException e) {
      throw new BadSeedException(Problem.MALFORMED_URL, "malformed URL: " + e.getMessage());
    }
    String host = URLParts.host(url);
    if (host == null || host.isEmpty()) {
      throw new BadSeedException(
          Problem.MALFORMED_URL,
          "malformed URL: needs a scheme and a host, like http://example.com/");
    }
  }

  private CrawlDatum datum(SeedLine seed, long now) {
    float score = seed.score() != null ? seed.score() : defaultScore;
    int interval = seed.fetchInterval() != null ? seed.fetchInterval() : defaultInterval;
    CrawlDatum datum = new CrawlDatum(CrawlStatus.INJECTED, interval, score);
    datum.setFetchTime(now);
    for (Map.Entry<String, String> e : seed.metadata().entrySet()) {
      datum.putMeta(new Text(e.getKey()), e.getValue());
    }
    if (seed.fixedInterval() != null) {
      datum.setFetchInterval(seed.fixedInterval());
      datum.putMeta(MetadataKeys.FIXED_INTERVAL, seed.fixedInterval().intValue());
    }
    datum.setDepth(0);
    return datum;
  }
}
