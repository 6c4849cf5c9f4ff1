package org.trawler.core.protocol.http;

/**
 * The IPv4 address a host written in numbers stands for, read as browsers (the WHATWG URL standard)
 * and C's inet_aton read it: one to four parts, each decimal, octal (a leading 0) or hex (0x), the
 * last filling the remaining bytes; so 2130706433, 0177.0.0.1 and 0x7f.1 are all 127.0.0.1. Java
 * reads 0177 as 177 and knows no hex, so a link's address could otherwise differ from the one
 * judged, or from the one a browser would reach.
 */
final class Ipv4Spelling {
  private Ipv4Spelling() {}

  /** {@code host} in dotted decimal, or null when it is not all numbers (a name, IPv6). */
  static String dotted(String host) {
    String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    if (h.isEmpty()) {
      return null;
    }
    String[] parts = h.split("\\.", -1);
    if (parts.length > 4) {
      return null;
    }
    long[] values = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      values[i] = number(parts[i]);
      if (values[i] < 0) {
        return null;
      }
    }
    long address = 0;
    for (int i = 0; i < parts.length - 1; i++) {
      if (values[i] > 255) {
        return null;
      }
      address |= values[i] << (8 * (3 - i));
    }
    long last = values[parts.length - 1];
    if (last >= 1L << (8 * (5 - parts.length))) {
      return null;
    }
    address |= last;
    return (address >>> 24)
        + "."
        + (address >>> 16 & 0xff)
        + "."
        + (address >>> 8 & 0xff)
        + "."
        + (address & 0xff);
  }

  /** One part's value, or -1 when it is no number (or too large for any part). */
  private static long number(String part) {
    int radix = 10;
    String digits = part;
    if (part.length() >= 2 && (part.startsWith("0x") || part.startsWith("0X"))) {
      radix = 16;
      digits = part.substring(2);
    } else if (part.length() >= 2 && part.startsWith("0")) {
      radix = 8;
      digits = part.substring(1);
    }
    if (digits.isEmpty()) {
      return radix == 16 ? 0 : -1;
    }
    if (digits.length() > 32) {
      return -1;
    }
    long value = 0;
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      int d = c < 128 ? Character.digit(c, radix) : -1;
      if (d < 0) {
        return -1;
      }
      value = value * radix + d;
      if (value > 0xffffffffL) {
        return -1;
      }
    }
    return value;
  }
}
