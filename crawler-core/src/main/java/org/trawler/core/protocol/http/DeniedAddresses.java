package org.trawler.core.protocol.http;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.protocol.ProtocolKeys;

/**
 * The address ranges of http.address.deny: a fetch never connects to an address in them, so a page
 * or a redirect cannot point the crawler at a cloud metadata service or an internal host.
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

  /** An explicit block in CIDR notation, e.g. 203.0.113.0/24 or 127.0.0.3/32. */
  private static final class Block {
    final String text;
    final byte[] network;
    final int prefix;

    Block(String text, byte[] network, int prefix) {
      this.text = text;
      this.network = network;
      this.prefix = prefix;
    }

    boolean contains(InetAddress address) {
      byte[] a = address.getAddress();
      if (a.length != network.length) {
        return false;
      }
      int full = prefix / 8;
      for (int i = 0; i < full; i++) {
        if (a[i] != network[i]) {
          return false;
        }
      }
      int rest = prefix % 8;
      if (rest == 0) {
        return true;
      }
      int mask = (0xff << (8 - rest)) & 0xff;
      return (a[full] & mask) == (network[full] & mask);
    }
  }

  private final Set<Range> ranges;
  private final List<Block> blocks;

  private DeniedAddresses(Set<Range> ranges, List<Block> blocks) {
    this.ranges = ranges;
    this.blocks = blocks;
  }

  /**
   * Parses a comma-separated list of range names (link-local, loopback, private) and CIDR blocks of
   * IP literals (e.g. 203.0.113.0/24); blank = none.
   *
   * @throws BadSettingException naming the unknown range
   */
  public static DeniedAddresses parse(String list) {
    Set<Range> ranges = EnumSet.noneOf(Range.class);
    List<Block> blocks = new ArrayList<>();
    for (String name : list == null ? new String[0] : list.split(",")) {
      String wanted = name.trim().toLowerCase(Locale.ROOT);
      if (wanted.isEmpty()) {
        continue;
      }
      if (wanted.contains("/")) {
        blocks.add(block(wanted));
      } else {
        ranges.add(byName(wanted));
      }
    }
    return new DeniedAddresses(ranges, blocks);
  }

  private static Block block(String cidr) {
    int slash = cidr.indexOf('/');
    String ip = cidr.substring(0, slash);
    if (!ip.matches("[0-9.]+|[0-9a-f:.]*:[0-9a-f:.]*")) {
      throw notABlock(cidr);
    }
    try {
      byte[] network = InetAddress.getByName(ip).getAddress(); // a literal: no DNS lookup
      int prefix = Integer.parseInt(cidr.substring(slash + 1));
      if (prefix < 0 || prefix > network.length * 8) {
        throw new NumberFormatException();
      }
      return new Block(cidr, network, prefix);
    } catch (UnknownHostException | NumberFormatException e) {
      throw notABlock(cidr);
    }
  }

  private static Range byName(String name) {
    for (Range range : Range.values()) {
      if (range.configName.equals(name)) {
        return range;
      }
    }
    throw new BadSettingException(
        ProtocolKeys.ADDRESS_DENY,
        "unknown address range '"
            + name
            + "' (known: link-local, loopback, private, or an IP block like 10.1.0.0/16)");
  }

  private static BadSettingException notABlock(String cidr) {
    return new BadSettingException(ProtocolKeys.ADDRESS_DENY, "'" + cidr + "' is not an IP block");
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

  /**
   * The name of the range or block that denies {@code address}, or null when it may be connected
   * to.
   */
  public String rule(InetAddress address) {
    Range range = denying(address);
    if (range != null) {
      return range.configName();
    }
    for (Block block : blocks) {
      if (block.contains(address)) {
        return block.text;
      }
    }
    return null;
  }

  public boolean isEmpty() {
    return ranges.isEmpty() && blocks.isEmpty();
  }

  @Override
  public String toString() {
    List<String> all = new ArrayList<>();
    ranges.forEach(r -> all.add(r.configName()));
    blocks.forEach(b -> all.add(b.text));
    return all.toString();
  }
}
