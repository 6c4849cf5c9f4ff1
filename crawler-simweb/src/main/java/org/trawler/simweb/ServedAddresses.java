package org.trawler.simweb;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.protocol.ProtocolKeys;

/**
 * The loopback addresses a simulated web serves on, let through the address policy for a crawl of
 * it (demo, bench): http.address.allow gains exactly these, in the fewest blocks that hold them, so
 * every other non-public address (127.0.0.1, where other services listen, included) stays denied.
 */
public final class ServedAddresses {
  private ServedAddresses() {}

  /** Adds {@code addresses} (IPv4 literals) to what http.address.allow already lets through. */
  public static void allow(Configuration conf, Collection<String> addresses, String source) {
    String given = conf.getTrimmed(ProtocolKeys.ADDRESS_ALLOW, ProtocolKeys.DEFAULT_ADDRESS_ALLOW);
    String served = String.join(",", blocks(addresses));
    conf.set(ProtocolKeys.ADDRESS_ALLOW, given.isEmpty() ? served : given + "," + served, source);
  }

  /** The command-line option that lets a crawl of {@code addresses} through, for people. */
  public static String option(Collection<String> addresses) {
    return "-D " + setting(addresses);
  }

  /** The setting, key=value, that lets a crawl of {@code addresses} through (a -D's argument). */
  public static String setting(Collection<String> addresses) {
    return ProtocolKeys.ADDRESS_ALLOW + "=" + String.join(",", blocks(addresses));
  }

  /** The fewest CIDR blocks that hold exactly {@code addresses}. */
  static List<String> blocks(Collection<String> addresses) {
    long[] sorted =
        addresses.stream().mapToLong(ServedAddresses::number).sorted().distinct().toArray();
    List<String> blocks = new ArrayList<>();
    for (int i = 0; i < sorted.length; ) {
      int j = i;
      while (j + 1 < sorted.length && sorted[j + 1] == sorted[j] + 1) {
        j++;
      }
      for (long start = sorted[i]; start <= sorted[j]; ) {
        int bits = start == 0 ? 32 : Long.numberOfTrailingZeros(start);
        while (start + (1L << bits) - 1 > sorted[j]) {
          bits--;
        }
        blocks.add(dotted(start) + "/" + (32 - bits));
        start += 1L << bits;
      }
      i = j + 1;
    }
    return blocks;
  }

  private static long number(String address) {
    String[] parts = address.split("\\.");
    if (parts.length != 4) {
      throw new IllegalArgumentException("not an IPv4 address: " + address);
    }
    long n = 0;
    for (String part : parts) {
      n = n << 8 | Integer.parseInt(part);
    }
    return n;
  }

  private static String dotted(long n) {
    return (n >>> 24) + "." + (n >>> 16 & 0xff) + "." + (n >>> 8 & 0xff) + "." + (n & 0xff);
  }
}
