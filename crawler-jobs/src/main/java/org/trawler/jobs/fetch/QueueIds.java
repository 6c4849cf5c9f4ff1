package org.trawler.jobs.fetch;

import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import crawlercommons.domains.EffectiveTldFinder;

import org.trawler.core.net.URLParts;

/**
 * Names the politeness queue a URL belongs to: protocol plus host, registered domain or IP
 * address (fetcher.queue.mode). Used by the feeder thread only.
 */
final class QueueIds {

  /** What one queue groups. */
  enum Mode {
    BY_HOST("byHost"), BY_DOMAIN("byDomain"), BY_IP("byIP");

    private final String configName;

    Mode(String configName) {
      this.configName = configName;
    }

    static Mode parse(String value) {
      for (Mode m : values()) {
        if (m.configName.equalsIgnoreCase(value.trim())) {
          return m;
        }
      }
      throw new IllegalArgumentException(FetcherKeys.QUEUE_MODE + " must be byHost, byDomain or byIP, not '"
          + value + "'");
    }
  }

  /** Resolved addresses kept for byIP; cleared when full, so memory stays bounded. */
  private static final int MAX_CACHED_ADDRESSES = 10_000;

  private final Mode mode;
  private final Map<String, String> addresses = new HashMap<>();

  QueueIds(Mode mode) {
    this.mode = mode;
  }

  /** True for an http: or https: URL (any case), the only schemes the fetcher fetches. */
  static boolean isHttp(String url) {
    return url.regionMatches(true, 0, "http://", 0, 7) || url.regionMatches(true, 0, "https://", 0, 8);
  }

  /** The scheme of {@code url} as written ("file:"), or null when it has none (then it is malformed). */
  static String schemeOf(String url) {
    int colon = URLParts.schemeEnd(url);
    return colon > 0 ? url.substring(0, colon + 1) : null;
  }

  /** The queue id, e.g. {@code http://example.com}; a URL without a host is malformed. */
  String queueIdFor(String url) throws MalformedURLException {
    URL parsed = new URL(url); // lenient: a URL the fetcher may still get need not be a strict URI
    String host = parsed.getHost();
    if (host == null || host.isEmpty()) {
      throw new MalformedURLException("no host in " + url);
    }
    return parsed.getProtocol().toLowerCase(Locale.ROOT) + "://" + groupOf(host.toLowerCase(Locale.ROOT));
  }

  private String groupOf(String host) {
    switch (mode) {
      case BY_DOMAIN:
        String domain = EffectiveTldFinder.getAssignedDomain(host, true);
        return domain == null || domain.isEmpty() ? host : domain;
      case BY_IP:
        return addressOf(host);
      default:
        return host;
    }
  }

  /** The host's IP address; an unresolvable host keeps its name (its fetch will fail and be retried). */
  private String addressOf(String host) {
    String address = addresses.get(host);
    if (address == null) {
      try {
        address = InetAddress.getByName(host).getHostAddress();
      } catch (UnknownHostException e) {
        address = host;
      }
      if (addresses.size() >= MAX_CACHED_ADDRESSES) {
        addresses.clear();
      }
      addresses.put(host, address);
    }
    return address;
  }
}
