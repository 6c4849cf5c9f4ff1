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

  /**
   * Each ASCII character as a word character, lower-cased, or 0 when it is none: one table look-up
   * instead of three range tests per character (most text is ASCII).
   */
  private static final byte[] ASCII_WORD = new byte[128];

  static {
    for (char c = '0'; c <= '9'; c++) {
      ASCII_WORD[c] = (byte) c;
    }
    for (char c = 'a'; c <= 'z'; c++) {
      ASCII_WORD[c] = (byte) c;
      ASCII_WORD[Character.toUpperCase(c)] = (byte) c;
    }
  }

  /** A byte lane's bit: eight lanes of eight bytes count the 64 bits. */
  private static final long LOW_BITS = 0x0101010101010101L;

  /** Shingles a byte lane counts before it is emptied: a byte holds 255. */
  private static final int LANE_CAPACITY = 255;

  /** Added to a supplementary letter or digit by wordChar: the caller skips its low surrogate. */
  private static final int SURROGATE_PAIR = 1 << 24;

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
    // one copy into an array: String.charAt checks its index and coder at every character
    char[] chars = text.toString().toCharArray();
    long w0 = 0; // the last SHINGLE words' hashes, oldest first
    long w1 = 0;
    long w2 = 0;
    int count = 0;
    // each shingle's vote on the 64 bits, counted in byte lanes: lane k holds, in its byte b, the
    // count of bit 8b+k, so one shift, mask and add counts eight bits at once, with no branch; the
    // lanes are emptied into setCounts before a byte can overflow. Locals, not an object's fields:
    // they stay in registers (a loop of 64 counter updates per shingle took most of the time, and
    // a bit-sliced ripple counter, a data-dependent loop per shingle, cost as much as the parse)
    long lane0 = 0;
    long lane1 = 0;
    long lane2 = 0;
    long lane3 = 0;
    long lane4 = 0;
    long lane5 = 0;
    long lane6 = 0;
    long lane7 = 0;
    int inLanes = 0;
    long[] setCounts = new long[Long.SIZE];
    long hash = FNV_OFFSET;
    boolean inWord = false;
    boolean digit = false;
    for (int i = 0; i <= chars.length; i++) {
      int w = i < chars.length ? wordChar(chars, i) : 0; // the end ends the last word
      if (w >= SURROGATE_PAIR) {
        w -= SURROGATE_PAIR;
        i++;
      }
      if (w != 0) {
        if (!inWord) {
          inWord = true;
          digit = false;
          hash = FNV_OFFSET;
        }
        digit |= w < 128 ? w <= '9' : Character.isDigit(w);
        hash = (hash ^ w) * FNV_PRIME;
      } else if (inWord) {
        inWord = false;
        if (!digit) {
          w0 = w1;
          w1 = w2;
          w2 = mix(hash);
          if (++count >= SHINGLE) {
            long h = shingle(w0, w1, w2);
            lane0 += h & LOW_BITS;
            lane1 += (h >>> 1) & LOW_BITS;
            lane2 += (h >>> 2) & LOW_BITS;
            lane3 += (h >>> 3) & LOW_BITS;
            lane4 += (h >>> 4) & LOW_BITS;
            lane5 += (h >>> 5) & LOW_BITS;
            lane6 += (h >>> 6) & LOW_BITS;
            lane7 += (h >>> 7) & LOW_BITS;
            if (++inLanes == LANE_CAPACITY) {
              empty(setCounts, lane0, lane1, lane2, lane3, lane4, lane5, lane6, lane7);
              lane0 = lane1 = lane2 = lane3 = lane4 = lane5 = lane6 = lane7 = 0;
              inLanes = 0;
            }
          }
        }
      }
    }
    if (count < minWords) {
      return OptionalLong.empty();
    }
    empty(setCounts, lane0, lane1, lane2, lane3, lane4, lane5, lane6, lane7);
    return OptionalLong.of(majority(setCounts, count - SHINGLE + 1));
  }

  /** Adds the counts held in the byte lanes to {@code setCounts}. */
  private static void empty(long[] setCounts, long... lanes) {
    for (int k = 0; k < lanes.length; k++) {
      for (int b = 0; b < Long.BYTES; b++) {
        setCounts[8 * b + k] += (lanes[k] >>> (8 * b)) & 0xFF;
      }
    }
  }

  /** The bits set in more than half of the {@code shingles} hashes counted. */
  private static long majority(long[] setCounts, long shingles) {
    long fingerprint = 0;
    for (int bit = 0; bit < Long.SIZE; bit++) {
      if (2 * setCounts[bit] > shingles) {
        fingerprint |= 1L << bit;
      }
    }
    return fingerprint;
  }

  /**
   * The character at {@code i} lower-cased when it is a letter or digit, else 0; a supplementary
   * letter or digit (a surrogate pair, read as Character.codePointAt reads it) plus SURROGATE_PAIR.
   */
  private static int wordChar(char[] chars, int i) {
    char c = chars[i];
    if (c < 128) {
      return ASCII_WORD[c];
    }
    boolean pair =
        Character.isHighSurrogate(c)
            && i + 1 < chars.length
            && Character.isLowSurrogate(chars[i + 1]);
    int cp = pair ? Character.toCodePoint(c, chars[i + 1]) : c;
    if (!Character.isLetterOrDigit(cp)) {
      return 0;
    }
    return Character.toLowerCase(cp) + (pair ? SURROGATE_PAIR : 0);
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
