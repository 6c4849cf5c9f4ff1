package org.trawler.simweb.bench;

import java.util.Arrays;

/**
 * The soak benchmark's test of a figure measured once per round: flat when the median of the last
 * 10 rounds is within 10 % of the median of rounds 5-15 (rounds 1-4 warm up; medians, so that one
 * round slowed by another process on the machine does not decide).
 */
final class Flatness {
  /** Rounds a verdict needs: the last 10 must not overlap rounds 5-15. */
  static final int MIN_ROUNDS = 25;

  static final int REFERENCE_FIRST = 5;
  static final int REFERENCE_LAST = 15;
  static final int LAST_ROUNDS = 10;
  static final double TOLERANCE = 0.10;

  /** A figure's verdict: the two medians, their ratio, and whether it is flat. */
  record Verdict(String figure, double reference, double last, boolean flat) {
    /** last / reference; 1 when both are 0, infinite when only the reference is. */
    double ratio() {
      if (reference == 0) {
        return last == 0 ? 1 : Double.POSITIVE_INFINITY;
      }
      return last / reference;
    }
  }

  private Flatness() {}

  /**
   * The verdict on {@code perRound} (index 0 is round 1); null when there are fewer than {@link
   * #MIN_ROUNDS} rounds.
   */
  static Verdict judge(String figure, double[] perRound) {
    if (perRound.length < MIN_ROUNDS) {
      return null;
    }
    double reference = median(Arrays.copyOfRange(perRound, REFERENCE_FIRST - 1, REFERENCE_LAST));
    double last =
        median(Arrays.copyOfRange(perRound, perRound.length - LAST_ROUNDS, perRound.length));
    Verdict v = new Verdict(figure, reference, last, false);
    return new Verdict(figure, reference, last, Math.abs(v.ratio() - 1) <= TOLERANCE);
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
