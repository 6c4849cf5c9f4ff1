package org.trawler.core.datum;

/** Lower-case hexadecimal for signatures in dumps and logs. */
public final class Hex {
  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  private Hex() {}

  public static String encode(byte[] bytes) {
    char[] out = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = DIGITS[(bytes[i] >> 4) & 0xf];
      out[2 * i + 1] = DIGITS[bytes[i] & 0xf];
    }
    return new String(out);
  }
}
