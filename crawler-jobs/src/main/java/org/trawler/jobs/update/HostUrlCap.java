package org.trawler.jobs.update;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Partitioner;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.URLParts;

/**
 * db.max.urls.per.host: a host that has that many crawldb URLs gets no new one. updatedb's reducer
 * sees URLs in key order, a host's new ones mixed with its old ones; so the mapper sends, beside
 * each crawldb entry, a count record under the host's count key, which sorts before every URL, and
 * the job partitions by host: a reducer knows each host's crawldb size before it meets the host's
 * first URL, and admits new URLs only up to the cap. Holds one count per host of its partition.
 */
final class HostUrlCap {
  /** Count keys start with this byte: before "http" in Text's byte order. */
  private static final char MARK = '\u0001';

  private final int max;
  private final Map<String, Long> urls = new HashMap<>();

  HostUrlCap(int max) {
    this.max = max;
  }

  /** The cap configured, or null when there is none (the default). */
  static HostUrlCap from(Configuration conf) {
    int max =
        Settings.getInt(conf, UpdateKeys.MAX_URLS_PER_HOST, UpdateKeys.DEFAULT_MAX_URLS_PER_HOST);
    return max < 0 ? null : new HostUrlCap(max);
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
    urls.merge(hostOf(countKey), n, Long::sum);
  }

  /** Whether a new URL may join its host's crawldb URLs; counted when it may. */
  boolean admitsNew(String url) {
    String host = URLParts.host(url);
    if (host == null || host.isEmpty()) {
      return true; // no host to count it under: the fetch will say why
    }
    long n = urls.getOrDefault(host, 0L);
    if (n >= max) {
      return false;
    }
    urls.put(host, n + 1);
    return true;
  }

  /** Sends every key of a host, its count key too, to one reducer. */
  public static class ByHost extends Partitioner<Text, CrawlDatum> {
    @Override
    public int getPartition(Text key, CrawlDatum value, int numPartitions) {
      return (hostOf(key).hashCode() & Integer.MAX_VALUE) % numPartitions;
    }
  }
}
