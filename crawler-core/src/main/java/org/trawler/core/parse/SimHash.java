package org.trawler.core.parse;

import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * A page's 64-bit content fingerprint for near-duplicates (Charikar's SimHash, as Manku, Jain and
 * Das Sarma use it for the web): every run of three words of the text votes on each bit with its
 * hash, and a bit is set where more runs had it set than not. Texts that share most of their word
 * triples get fingerprints a few bits apart ({@link #distance}); unrelated texts about 32.
 *
 * <p>Words are runs of letters and digits, lower-cased. A word with a digit in it is left out: a
 * date, a time, a counter or a visit id is what changes between copies of the same page. A text
 * with fewer than {@code minWords} words left gets no fingerprint: a handful of triples is too few
 * to vote, and short pages would all look alike.
 */
public final class SimHash {
  /** Words per shingle. */
  static final int SHINGLE = 3;

  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  private static final HexFormat HEX = HexFormat.of();

  /** Characters of the text read into an array at once. */
  static final int CHUNK = 1024;

  private final int minWords;

  /**
   * @param minWords the fewest words (digit-free) a text needs for a fingerprint; at least {@link
   *     #SHINGLE}
   */
  public SimHash(int minWords) {
    this.minWords = Math.max(SHINGLE, minWords);
  }

  /** The fingerprint of {@code text}, or empty when it has fewer than minWords words. */
  public OptionalLong fingerprint(CharSequence text) {
    String s = text.toString();
    int length = s.length();
    // the text is read a chunk at a time into an array: String.charAt checks its index and coder
    // at every character, and a page's text is read here once more after the parse
    char[] chunk = new char[Math.min(length, CHUNK)];
    int chunkStart = 0;
    int chunkEnd = 0;
    long w0 = 0; // the last SHINGLE words' hashes, oldest first
    long w1 = 0;
    long w2 = 0;
    int count = 0;
    Votes votes = new Votes();
    long hash = FNV_OFFSET;
    boolean inWord = false;
    boolean digit = false;
    for (int i = 0; i <= length; ) {
      int c;
      if (i == length) {
        c = ' ';
        i++;
      } else {
        if (i >= chunkEnd) {
          chunkStart = i;
          chunkEnd = Math.min(length, i + CHUNK);
          s.getChars(chunkStart, chunkEnd, chunk, 0);
        }
        char ch = chunk[i - chunkStart];
        i++;
        c = ch;
        if (Character.isHighSurrogate(ch) && i < length) {
          char low = i < chunkEnd ? chunk[i - chunkStart] : s.charAt(i);
          if (Character.isLowSurrogate(low)) {
            c = Character.toCodePoint(ch, low); // as Character.codePointAt reads a pair
            i++;
          }
        }
      }
      int w = wordChar(c);
      if (w >= 0) {
        if (!inWord) {
          inWord = true;
          digit = false;
          hash = FNV_OFFSET;
        }
        digit |= (w >= '0' && w <= '9') || (w >= 128 && Character.isDigit(w));
        hash = (hash ^ w) * FNV_PRIME;
      } else if (inWord) {
        inWord = false;
        if (!digit) {
          w0 = w1;
          w1 = w2;
          w2 = mix(hash);
          if (++count >= SHINGLE) {
            votes.add(shingle(w0, w1, w2));
          }
        }
      }
    }
    if (count < minWords) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(votes.majority());
  }

  /** {@code c} lower-cased when it is a letter or digit, else -1; ASCII, most text, first. */
  private static int wordChar(int c) {
    if (c < 128) {
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        return c;
      }
      return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : -1;
    }
    return Character.isLetterOrDigit(c) ? Character.toLowerCase(c) : -1;
  }

  /** The number of bits in which two fingerprints differ. */
  public static int distance(long a, long b) {
    return Long.bitCount(a ^ b);
  }

  /** The fingerprint as 16 hex digits, as parse data keeps it. */
  public static String hex(long fingerprint) {
    return HEX.toHexDigits(fingerprint); // String.format parses its pattern at every page
  }

  /** The hash of a run of three words, from their hashes, oldest first: order matters. */
  private static long shingle(long w0, long w1, long w2) {
    return mix(mix(w0 * GOLDEN + w1) * GOLDEN + w2);
  }

  /**
   * How many of the hashes added had each of the 64 bits set, counted in byte lanes: lane k holds,
   * in its byte b, the count of bit 8b+k, so one shift, mask and add counts eight bits at once,
   * with no branch; the lanes are emptied into 64 counts before a byte can overflow. A loop of 64
   * counter updates per hash took most of the fingerprint's time, and a bit-sliced ripple counter
   * (a data-dependent loop per hash) still cost as much as the HTML parse.
   */
  private static final class Votes {
    private static final long LOW_BITS = 0x0101010101010101L;
    private static final int FLUSH_AT = 255;
    private long lane0, lane1, lane2, lane3, lane4, lane5, lane6, lane7;
    private final long[] setCounts = new long[Long.SIZE];
    private int pending;
    private long added;

    void add(long hash) {
      lane0 += hash & LOW_BITS;
      lane1 += (hash >>> 1) & LOW_BITS;
      lane2 += (hash >>> 2) & LOW_BITS;
      lane3 += (hash >>> 3) & LOW_BITS;
      lane4 += (hash >>> 4) & LOW_BITS;
      lane5 += (hash >>> 5) & LOW_BITS;
      lane6 += (hash >>> 6) & LOW_BITS;
      lane7 += (hash >>> 7) & LOW_BITS;
      added++;
      if (++pending == FLUSH_AT) {
        flush();
      }
    }

    private void flush() {
      long[] lanes = {lane0, lane1, lane2, lane3, lane4, lane5, lane6, lane7};
      for (int k = 0; k < lanes.length; k++) {
        for (int b = 0; b < Long.BYTES; b++) {
          setCounts[8 * b + k] += (lanes[k] >>> (8 * b)) & 0xFF;
        }
      }
      lane0 = lane1 = lane2 = lane3 = lane4 = lane5 = lane6 = lane7 = 0;
      pending = 0;
    }

    /** The bits set in more than half of the hashes added. */
    long majority() {
      flush();
      long fingerprint = 0;
      for (int bit = 0; bit < Long.SIZE; bit++) {
        if (2 * setCounts[bit] > added) {
          fingerprint |= 1L << bit;
        }
      }
      return fingerprint;
    }
  }

  /**
   * MurmurHash3's 64-bit finalizer: FNV-1a alone leaves the high bits of short words poorly mixed.
   */
  private static long mix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
