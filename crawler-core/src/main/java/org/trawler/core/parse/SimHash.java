package org.trawler.core.parse;

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
    long[] window = new long[SHINGLE]; // the last SHINGLE words' hashes, oldest first
    int count = 0;
    int[] votes = new int[Long.SIZE];
    long hash = FNV_OFFSET;
    boolean inWord = false;
    boolean digit = false;
    int length = text.length();
    for (int i = 0; i <= length; ) {
      int c = i < length ? Character.codePointAt(text, i) : ' ';
      i += i < length ? Character.charCount(c) : 1;
      if (Character.isLetterOrDigit(c)) {
        if (!inWord) {
          inWord = true;
          digit = false;
          hash = FNV_OFFSET;
        }
        digit |= Character.isDigit(c);
        hash = (hash ^ Character.toLowerCase(c)) * FNV_PRIME;
      } else if (inWord) {
        inWord = false;
        if (!digit) {
          System.arraycopy(window, 1, window, 0, SHINGLE - 1);
          window[SHINGLE - 1] = mix(hash);
          if (++count >= SHINGLE) {
            vote(votes, shingle(window));
          }
        }
      }
    }
    if (count < minWords) {
      return OptionalLong.empty();
    }
    long fingerprint = 0;
    for (int bit = 0; bit < Long.SIZE; bit++) {
      if (votes[bit] > 0) {
        fingerprint |= 1L << bit;
      }
    }
    return OptionalLong.of(fingerprint);
  }

  /** The number of bits in which two fingerprints differ. */
  public static int distance(long a, long b) {
    return Long.bitCount(a ^ b);
  }

  /** The fingerprint as 16 hex digits, as parse data keeps it. */
  public static String hex(long fingerprint) {
    return String.format("%016x", fingerprint);
  }

  /** The hash of a run of words, from their hashes: order matters. */
  private static long shingle(long[] words) {
    long h = words[0];
    for (int i = 1; i < SHINGLE; i++) {
      h = mix(h * GOLDEN + words[i]);
    }
    return h;
  }

  private static void vote(int[] votes, long hash) {
    for (int bit = 0; bit < Long.SIZE; bit++) {
      votes[bit] += (int) ((hash >>> bit) & 1L) * 2 - 1;
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
