package org.trawler.core.protocol.http;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The address ranges of http.address.deny: a fetch never connects to an address in them, so a
 * page or a redirect cannot point the crawler at a cloud metadata service or an internal host.
 */
public final class DeniedAddresses {

  /** A named range; the names are the values of http.address.deny. */
  public enum Range {
    /** 169.254.0.0/16 and fe80::/10 (cloud metadata services live here). */
    LINK_LOCAL("link-local"),
    /** 127.0.0.0/8, ::1, and the unspecified 0.0.0.0 and :: (which reach the local host). */
    LOOPBACK("loopback"),
    /** 10/8, 172.16/12, 192.168/16, fc00::/7 and the old site-local fec0::/10. */
    PRIVATE("private");

    private final String configName;

    Range(String configName) {
      this.configName = configName;
    }

    public String configName() {
      return configName;
    }

    boolean contains(InetAddress address) {
      switch (this) {
        case LINK_LOCAL:
          return address.isLinkLocalAddress();
        case LOOPBACK:
          return address.isLoopbackAddress() || address.isAnyLocalAddress();
        case PRIVATE:
          return address.isSiteLocalAddress() || isUniqueLocal(address);
        default:
          throw new AssertionError(this);
      }
    }

    private static boolean isUniqueLocal(InetAddress address) {
      return address instanceof Inet6Address && (address.getAddress()[0] & 0xfe) == 0xfc;
    }
  }

  private final Set<Range> ranges;

  private DeniedAddresses(Set<Range> ranges) {
    this.ranges = ranges;
  }

  /**
   * Parses a comma-separated list of range names (link-local, loopback, private); blank = none.
   *
   * @throws IllegalArgumentException naming the unknown range
   */
  public static DeniedAddresses parse(String list) {
    Set<Range> ranges = EnumSet.noneOf(Range.class);
    for (String name : list == null ? new String[0] : list.split(",")) {
      String wanted = name.trim().toLowerCase(Locale.ROOT);
      if (wanted.isEmpty()) {
        continue;
      }
      ranges.add(byName(wanted));
    }
    return new DeniedAddresses(ranges);
  }

  private static Range byName(String name) {
    for (Range range : Range.values()) {
      if (range.configName.equals(name)) {
        return range;
      }
    }
    throw new IllegalArgumentException("http.address.deny: unknown address range '" + name
        + "' (known: link-local, loopback, private)");
  }

  /** The range that denies {@code address}, or null when it may be connected to. */
  public Range denying(InetAddress address) {
    for (Range range : ranges) {
      if (range.contains(address)) {
        return range;
      }
    }
    return null;
  }

  public boolean isEmpty() {
    return ranges.isEmpty();
  }

  @Override
  public String toString() {
    return ranges.toString();
  }
}
