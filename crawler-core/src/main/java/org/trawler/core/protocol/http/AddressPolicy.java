package org.trawler.core.protocol.http;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.protocol.ProtocolKeys;

/**
 * Which addresses a fetch may connect to. A page or a redirect must not point the crawler at a
 * cloud metadata service, an internal admin page or the crawler's own node, so every address that
 * is not public is denied (the {@link Range}s), unless http.address.allow lets it through;
 * http.address.deny denies more and wins over the allow list (a block the user denies stays
 * denied). An IPv6 address that carries an IPv4 one (IPv4-mapped, IPv4-compatible, NAT64, 6to4,
 * Teredo) is judged by that IPv4 address too: a NAT64 gateway or a 6to4 relay would deliver it
 * there.
 */
public final class AddressPolicy {

  /** The ranges that are not public; their names may also be listed in either setting. */
  public enum Range {
    /** 0/8 ("this network"; 0.0.0.0 reaches the local host) and ::. */
    UNSPECIFIED("unspecified", "0.0.0.0/8", "::/128"),
    LOOPBACK("loopback", "127.0.0.0/8", "::1/128"),
    /** RFC 1918, IPv6 unique-local (AWS's metadata service is fd00:ec2::254) and old site-local. */
    PRIVATE("private", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "fec0::/10"),
    /** Carrier-grade NAT (RFC 6598): a provider's internal network. */
    CGNAT("cgnat", "100.64.0.0/10"),
    /** 169.254.169.254 is the metadata service of most clouds. */
    LINK_LOCAL("link-local", "169.254.0.0/16", "fe80::/10"),
    MULTICAST("multicast", "224.0.0.0/4", "ff00::/8"),
    DOCUMENTATION(
        "documentation",
        "192.0.2.0/24",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "2001:db8::/32",
        "3fff::/20"),
    BENCHMARKING("benchmarking", "198.18.0.0/15", "2001:2::/48"),
    /**
     * 240/4 and the broadcast address, IETF protocol assignments, IPv6 discard-only, local-use
     * NAT64.
     */
    RESERVED("reserved", "240.0.0.0/4", "192.0.0.0/24", "100::/64", "64:ff9b:1::/48");

    private final String configName;
    private final List<Block> blocks;

    Range(String configName, String... cidrs) {
      this.configName = configName;
      List<Block> parsed = new ArrayList<>();
      for (String cidr : cidrs) {
        parsed.add(Block.parse(cidr, "Range"));
      }
      this.blocks = List.copyOf(parsed);
    }

    public String configName() {
      return configName;
    }

    private Rule rule() {
      return new Rule(configName, blocks);
    }
  }

  /** An address block in CIDR notation, e.g. 203.0.113.0/24 or fd00::/8. */
  private static final class Block {
    final byte[] network;
    final int prefix;

    private Block(byte[] network, int prefix) {
      this.network = network;
      this.prefix = prefix;
    }

    /** {@code ip/prefix}, or a bare IP literal (a block of one address). */
    static Block parse(String cidr, String key) {
      int slash = cidr.indexOf('/');
      String ip = slash < 0 ? cidr : cidr.substring(0, slash);
      if (!ip.matches("[0-9.]+|[0-9a-f:.]*:[0-9a-f:.]*")) {
        throw notABlock(cidr, key);
      }
      try {
        byte[] network = InetAddress.getByName(ip).getAddress(); // a literal: no DNS lookup
        int prefix = slash < 0 ? network.length * 8 : Integer.parseInt(cidr.substring(slash + 1));
        if (prefix < 0 || prefix > network.length * 8) {
          throw new NumberFormatException();
        }
        return new Block(network, prefix);
      } catch (UnknownHostException | NumberFormatException e) {
        throw notABlock(cidr, key);
      }
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

  /** A named range or a block, as a setting lists it. */
  private static final class Rule {
    final String name;
    final List<Block> blocks;

    Rule(String name, List<Block> blocks) {
      this.name = name;
      this.blocks = blocks;
    }

    boolean contains(InetAddress address) {
      for (Block block : blocks) {
        if (block.contains(address)) {
          return true;
        }
      }
      return false;
    }
  }

  private static final List<Rule> NON_PUBLIC = nonPublic();

  private static List<Rule> nonPublic() {
    List<Rule> rules = new ArrayList<>();
    for (Range range : Range.values()) {
      rules.add(range.rule());
    }
    return List.copyOf(rules);
  }

  private final List<Rule> allowed;
  private final List<Rule> denied;

  private AddressPolicy(List<Rule> allowed, List<Rule> denied) {
    this.allowed = List.copyOf(allowed);
    this.denied = List.copyOf(denied);
  }

  /** http.address.allow and http.address.deny. */
  public static AddressPolicy fromSettings(Configuration conf) {
    return of(
        conf.get(ProtocolKeys.ADDRESS_ALLOW, ProtocolKeys.DEFAULT_ADDRESS_ALLOW),
        conf.get(ProtocolKeys.ADDRESS_DENY, ProtocolKeys.DEFAULT_ADDRESS_DENY));
  }

  /**
   * Comma-separated range names (loopback, private, ...) and IP blocks (10.1.0.0/16, a bare
   * address); blank = none.
   *
   * @throws BadSettingException naming the setting and the entry that is neither
   */
  public static AddressPolicy of(String allow, String deny) {
    return new AddressPolicy(
        rules(ProtocolKeys.ADDRESS_ALLOW, allow), rules(ProtocolKeys.ADDRESS_DENY, deny));
  }

  private static List<Rule> rules(String key, String list) {
    List<Rule> rules = new ArrayList<>();
    for (String entry : list == null ? new String[0] : list.split(",")) {
      String wanted = entry.trim().toLowerCase(Locale.ROOT);
      if (wanted.isEmpty()) {
        continue;
      }
      Range range = byName(wanted);
      rules.add(range != null ? range.rule() : new Rule(wanted, List.of(Block.parse(wanted, key))));
    }
    return rules;
  }

  private static Range byName(String name) {
    for (Range range : Range.values()) {
      if (range.configName.equals(name)) {
        return range;
      }
    }
    return null;
  }

  private static BadSettingException notABlock(String entry, String key) {
    StringBuilder names = new StringBuilder();
    for (Range range : Range.values()) {
      names.append(range.configName).append(", ");
    }
    return new BadSettingException(
        key,
        "'"
            + entry
            + "' is neither an IP block like 10.1.0.0/16 nor a range ("
            + names
            + "or an address)");
  }

  /**
   * Why {@code address} must not be connected to, e.g. "loopback, not a public address
   * (http.address.allow lets chosen ones through)"; null when it may be.
   */
  public String refusal(InetAddress address) {
    InetAddress embedded = embeddedIpv4(address);
    String deny = matching(denied, address, embedded);
    if (deny != null) {
      return deny + ", in " + ProtocolKeys.ADDRESS_DENY;
    }
    if (matching(allowed, address, null) != null) {
      return null;
    }
    String range = matching(NON_PUBLIC, address, embedded);
    return range == null
        ? null
        : range
            + ", not a public address ("
            + ProtocolKeys.ADDRESS_ALLOW
            + " lets chosen ones through)";
  }

  /** The first rule holding {@code address} (or the IPv4 address it carries), named. */
  private static String matching(List<Rule> rules, InetAddress address, InetAddress embedded) {
    for (Rule rule : rules) {
      if (rule.contains(address)) {
        return rule.name;
      }
    }
    if (embedded != null) {
      for (Rule rule : rules) {
        if (rule.contains(embedded)) {
          return rule.name
              + " ("
              + address.getHostAddress()
              + " carries "
              + embedded.getHostAddress()
              + ")";
        }
      }
    }
    return null;
  }

  /**
   * The IPv4 address an IPv6 one carries: ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible),
   * 64:ff9b::a.b.c.d (NAT64), 2002:AABB:CCDD:: (6to4), 2001:0:...:~a.~b.~c.~d (Teredo's client,
   * bits inverted); null for any other address.
   */
  static InetAddress embeddedIpv4(InetAddress address) {
    if (!(address instanceof Inet6Address)) {
      return null;
    }
    byte[] a = address.getAddress();
    byte[] v4;
    if (zero(a, 0, 10) && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff || zero(a, 0, 12)) {
      v4 = new byte[] {a[12], a[13], a[14], a[15]};
    } else if (a[0] == 0
        && a[1] == 0x64
        && (a[2] & 0xff) == 0xff
        && (a[3] & 0xff) == 0x9b
        && zero(a, 4, 12)) {
      v4 = new byte[] {a[12], a[13], a[14], a[15]};
    } else if (a[0] == 0x20 && a[1] == 0x02) {
      v4 = new byte[] {a[2], a[3], a[4], a[5]};
    } else if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0 && a[3] == 0) {
      v4 = new byte[] {(byte) ~a[12], (byte) ~a[13], (byte) ~a[14], (byte) ~a[15]};
    } else {
      return null;
    }
    try {
      return InetAddress.getByAddress(v4);
    } catch (UnknownHostException e) {
      throw new AssertionError(e); // four bytes are always an address
    }
  }

  private static boolean zero(byte[] a, int from, int to) {
    for (int i = from; i < to; i++) {
      if (a[i] != 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    List<String> allow = new ArrayList<>();
    allowed.forEach(r -> allow.add(r.name));
    List<String> deny = new ArrayList<>();
    denied.forEach(r -> deny.add(r.name));
    return "non-public denied, allow " + allow + ", deny " + deny;
  }
}
