package org.trawler.jobs.update;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Partitioner;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.HostGroup;
import org.trawler.core.net.URLParts;

/**
 * db.max.urls.per.host and db.max.urls.per.domain: a host (a registered domain, all its hosts
 * together, as {@link HostGroup#domainOf} names it) that has that many crawldb URLs gets no new
 * one, so a trap spread over endless subdomains cannot fill the crawldb either. updatedb's reducer
 * sees URLs in key order, a host's new ones mixed with its old ones; so the mapper sends, beside
 * each crawldb entry, a count record under the host's count key, which sorts before every URL, and
 * the job partitions by host (by domain when the domain cap is on): a reducer knows each host's and
 * domain's crawldb size before it meets their first new URL, and admits new URLs only up to the
 * caps. Holds one count per host and domain of its partition.
 */
final class HostUrlCap {
  /** Count keys start with this byte: before "http" in Text's byte order. */
  private static final char MARK = '\u0001';

  private final int max;
  private final int domainMax;
  private final Map<String, Long> urls = new HashMap<>();
  private final Map<String, Long> domainUrls = new HashMap<>();

  /** A cap of {@code max} URLs per host (negative: none) and none per domain. */
  HostUrlCap(int max) {
    this(max, -1);
  }

  /** Caps of {@code max} URLs per host and {@code domainMax} per domain; negative = none. */
  HostUrlCap(int max, int domainMax) {
    this.max = max;
    this.domainMax = domainMax;
  }

  /** The caps configured, or null when there is none (the default). */
  static HostUrlCap from(Configuration conf) {
    int max =
        Settings.getInt(conf, UpdateKeys.MAX_URLS_PER_HOST, UpdateKeys.DEFAULT_MAX_URLS_PER_HOST);
    int domainMax =
        Settings.getInt(
            conf, UpdateKeys.MAX_URLS_PER_DOMAIN, UpdateKeys.DEFAULT_MAX_URLS_PER_DOMAIN);
    return max < 0 && domainMax < 0 ? null : new HostUrlCap(max, domainMax);
  }

  /** Whether the domain cap is on: then the job must partition by domain ({@link ByDomain}). */
  boolean capsDomains() {
    return domainMax >= 0;
  }

  /** The key a crawldb entry of {@code url} is counted under, or null for a URL with no host. */
  static Text countKey(String url) {
    String host = URLParts.host(url);
    return host == null || host.isEmpty() ? null : new Text(MARK + host);
  }

  static boolean isCountKey(Text key) {
    return key.getLength() > 0 && key.getBytes()[0] == MARK;
  }

  /** The host a key is partitioned by: a count key's host, a URL's host (or the URL). */
  static String hostOf(Text key) {
    String k = key.toString();
    if (isCountKey(key)) {
      return k.substring(1);
    }
    String host = URLParts.host(k);
    return host == null ? k : host;
  }

  /** The host of a count key has {@code n} more crawldb URLs. */
  void countExisting(Text countKey, long n) {
    String host = hostOf(countKey);
    urls.merge(host, n, Long::sum);
    if (domainMax >= 0) {
      domainUrls.merge(HostGroup.domainOf(host), n, Long::sum);
    }
  }

  /** Whether a new URL may join its host's crawldb URLs; counted when it may. */
  boolean admitsNew(String url) {
    return overCap(url) == null;
  }

  /**
   * Why a new URL may not join the crawldb ({@link UpdateCounter#URLS_OVER_HOST_CAP} or {@link
   * UpdateCounter#URLS_OVER_DOMAIN_CAP}), or null when it may; counted when it may.
   */
  UpdateCounter overCap(String url) {
    String host = URLParts.host(url);
    if (host == null || host.isEmpty()) {
      return null; // no host to count it under: the fetch will say why
    }
    long n = urls.getOrDefault(host, 0L);
    if (max >= 0 && n >= max) {
      return UpdateCounter.URLS_OVER_HOST_CAP;
    }
    String domain = domainMax >= 0 ? HostGroup.domainOf(host) : null;
    if (domain != null && domainUrls.getOrDefault(domain, 0L) >= domainMax) {
      return UpdateCounter.URLS_OVER_DOMAIN_CAP;
    }
    urls.put(host, n + 1);
    if (domain != null) {
      domainUrls.merge(domain, 1L, Long::sum);
    }
    return null;
  }

  /** Sends every key of a host, its count key too, to one reducer. */
  public static class ByHost extends Partitioner<Text, CrawlDatum> {
    @Override
    public int getPartition(Text key, CrawlDatum value, int numPartitions) {
      return (hostOf(key).hashCode() & Integer.MAX_VALUE) % numPartitions;
    }
  }

  /** Sends every key of a registered domain, its hosts' count keys too, to one reducer. */
  public static class ByDomain extends Partitioner<Text, CrawlDatum> {
    @Override
    public int getPartition(Text key, CrawlDatum value, int numPartitions) {
      return (HostGroup.domainOf(hostOf(key)).hashCode() & Integer.MAX_VALUE) % numPartitions;
    }
  }
}
