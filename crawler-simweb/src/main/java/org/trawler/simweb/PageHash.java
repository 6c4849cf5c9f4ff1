package org.trawler.simweb;

/**
 * The site's randomness: a well-mixed 64-bit value per (seed, host, page, salt), so that every
 * choice the site makes (a page's kind, links, title...) is a pure function of them. Each concern
 * of {@link SiteModel} salts its own choices.
 */
final class PageHash {
  private final long seed;

  PageHash(long seed) {
    this.seed = seed;
  }

  long of(int host, int page, long salt) {
    long h = mix(seed ^ 0x5DEECE66DL);
    h = mix(h + 0x9E3779B97F4A7C15L * (host + 1L));
    h = mix(h + 0xC2B2AE3D27D4EB4FL * (page + 3L));
    return mix(h ^ salt);
  }

  /** SplitMix64's finalizer: a well-mixed 64-bit value from any input. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** A hash as a number in [0, 1). */
  static double unit(long h) {
    return (h >>> 11) * 0x1.0p-53;
  }
}
