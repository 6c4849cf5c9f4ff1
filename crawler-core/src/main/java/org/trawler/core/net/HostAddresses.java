package org.trawler.core.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one address each host is grouped by: the lowest of all it resolves to, so that a round-robin
 * DNS name, which answers its addresses in a different order at each lookup, gets the same one in
 * every task and job. Each host is looked up once while it is cached; the cache is bounded. One
 * instance per task thread: not thread-safe.
 */
public final class HostAddresses {
  private static final Logger LOG = LoggerFactory.getLogger(HostAddresses.class);

  /** Hosts whose address is kept; beyond it the longest-cached is forgotten. */
  public static final int DEFAULT_CAPACITY = 10_000;

  /** How a host name becomes its addresses. */
  @FunctionalInterface
  public interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  private final Resolver resolver;
  private final Map<String, String> cache;

  /** Through the system's resolver (DNS, hosts file). */
  public HostAddresses() {
    this(PinnedNames.none()::resolve, DEFAULT_CAPACITY);
  }

  /** Through the names pinned by http.resolve, then the system's resolver, as the fetcher does. */
  public static HostAddresses fromSettings(Configuration conf) {
    return new HostAddresses(PinnedNames.fromSettings(conf)::resolve, DEFAULT_CAPACITY);
  }

  public HostAddresses(Resolver resolver, int capacity) {
    this.resolver = resolver;
    this.cache =
        new LinkedHashMap<>(16, 0.75f, false) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > capacity;
          }
        };
  }

  /**
   * The lowest address of {@code host} in text form (an address literal is itself), or the host
   * name when it cannot be resolved: its fetch will fail and be retried like any other.
   */
  public String addressOf(String host) {
    String address = cache.get(host);
    if (address == null) {
      address = lookUp(host);
      cache.put(host, address);
    }
    return address;
  }

  private String lookUp(String host) {
    try {
      InetAddress lowest = null;
      for (InetAddress a : resolver.resolve(host)) {
        if (lowest == null || compare(a, lowest) < 0) {
          lowest = a;
        }
      }
      if (lowest != null) {
        return lowest.getHostAddress();
      }
      LOG.info("{} has no address: it is grouped by its name", host);
    } catch (UnknownHostException | SecurityException e) {
      LOG.info("cannot resolve {} ({}): it is grouped by its name", host, e.getMessage());
    }
    return host;
  }

  /** IPv4 before IPv6, then by unsigned bytes: the numeric order of addresses. */
  static int compare(InetAddress a, InetAddress b) {
    byte[] x = a.getAddress();
    byte[] y = b.getAddress();
    if (x.length != y.length) {
      return Integer.compare(x.length, y.length);
    }
    for (int i = 0; i < x.length; i++) {
      int c = Integer.compare(x[i] & 0xff, y[i] & 0xff);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
