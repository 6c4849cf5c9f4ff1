package org.trawler.jobs.dedup;

import java.util.ArrayList;
import java.util.List;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.parse.SimHash;

/**
 * How the near step finds pages within {@code distance} bits of each other without comparing all
 * pairs: the 64 fingerprint bits are cut into distance + 1 bands, and two fingerprints that differ
 * in at most distance bits agree on at least one whole band (pigeonhole). Pages are grouped by
 * (band, its bits), and only the pages of one group are compared.
 */
final class NearDuplicates {

  /** A page near a better-ranked one: {@code duplicate} is marked, {@code kept} is its keeper. */
  record Match(String duplicate, DedupCandidate kept) {}

  /**
   * One bucket's outcome: each page's best-ranked better page near it in the bucket, and how many
   * near pairs the bucket is the first shared band of (so each pair is counted once).
   */
  record BucketMatches(List<Match> matches, long pairs) {}

  private final int distance;
  private final int[] firstBit;

  /**
   * @param distance the most bits two near duplicates may differ in, 0 to 63
   */
  NearDuplicates(int distance) {
    if (distance < 0 || distance >= Long.SIZE) {
      throw new BadSettingException(
          DedupKeys.NEAR_DISTANCE, "expected 0 to 63 bits, or -1 for off");
    }
    this.distance = distance;
    int bands = distance + 1;
    firstBit = new int[bands + 1];
    for (int b = 0; b <= bands; b++) {
      firstBit[b] = b * Long.SIZE / bands;
    }
  }

  int distance() {
    return distance;
  }

  int bands() {
    return firstBit.length - 1;
  }

  /** The bits of {@code fingerprint} in {@code band}, shifted down. */
  long bandBits(long fingerprint, int band) {
    int width = firstBit[band + 1] - firstBit[band];
    long mask = width == Long.SIZE ? -1L : (1L << width) - 1;
    return (fingerprint >>> firstBit[band]) & mask;
  }

  /** The first band in which two fingerprints agree, or -1 when they agree in none. */
  int firstSharedBand(long a, long b) {
    for (int band = 0; band < bands(); band++) {
      if (bandBits(a, band) == bandBits(b, band)) {
        return band;
      }
    }
    return -1;
  }

  boolean near(long a, long b) {
    return SimHash.distance(a, b) <= distance;
  }

  /**
   * The matches among the pages of one bucket of {@code band}, given best-ranked first: each page
   * near an earlier (better) one is matched to the first such, the best-ranked page near it here.
   */
  BucketMatches inBucket(List<DedupCandidate> bestFirst, int band) {
    List<Match> matches = new ArrayList<>();
    long pairs = 0;
    for (int j = 1; j < bestFirst.size(); j++) {
      DedupCandidate page = bestFirst.get(j);
      long fj = DuplicateChoice.fingerprint(page.getDatum());
      boolean matched = false;
      for (int i = 0; i < j; i++) {
        long fi = DuplicateChoice.fingerprint(bestFirst.get(i).getDatum());
        if (!near(fi, fj)) {
          continue;
        }
        if (!matched) {
          matches.add(new Match(page.getUrl(), bestFirst.get(i)));
          matched = true;
        }
        if (firstSharedBand(fi, fj) == band) {
          pairs++;
        }
      }
    }
    return new BucketMatches(matches, pairs);
  }
}
