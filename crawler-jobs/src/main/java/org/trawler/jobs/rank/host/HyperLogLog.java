package org.trawler.jobs.rank.host;

import java.nio.charset.StandardCharsets;
import org.apache.commons.codec.digest.MurmurHash3;

/**
 * A HyperLogLog counter (Flajolet et al. 2007) over host names: 2^p registers, each the longest run
 * of leading zeros (plus one) seen among the hashes routed to it. Its estimate of how many distinct
 * hosts it saw has a relative standard error of 1.04/sqrt(2^p): 9.2 % with the default 128
 * registers. Two counters are united by taking each register's maximum, which is what HyperBall
 * does along every edge. Works on the registers it is given, so a Writable can keep them.
 */
public final class HyperLogLog {
  /** Fewest registers the estimate's constant is defined for (2^4). */
  public static final int MIN_PRECISION = 4;

  /** Most registers a counter may have (2^16); a register fits a byte for any 64-bit hash. */
  public static final int MAX_PRECISION = 16;

  private final int precision;
  private final byte[] registers;

  /** A counter on {@code registers}, whose length must be 2^p with p in [4, 16]. */
  public HyperLogLog(byte[] registers) {
    int p = Integer.numberOfTrailingZeros(registers.length);
    if (Integer.bitCount(registers.length) != 1 || p < MIN_PRECISION || p > MAX_PRECISION) {
      throw new IllegalArgumentException(
          "HyperLogLog: " + registers.length + " registers, not a power of 2 in [16, 65536]");
    }
    this.precision = p;
    this.registers = registers;
  }

  /** A new empty counter of 2^{@code precision} registers. */
  public static HyperLogLog empty(int precision) {
    if (precision < MIN_PRECISION || precision > MAX_PRECISION) {
      throw new IllegalArgumentException("HyperLogLog precision " + precision + " not in [4, 16]");
    }
    return new HyperLogLog(new byte[1 << precision]);
  }

  /** The expected relative standard error of the estimate with 2^{@code precision} registers. */
  public static double relativeError(int precision) {
    return 1.04 / Math.sqrt(1 << precision);
  }

  /** The 64-bit hash a host is counted by: Murmur3's x64 128-bit hash, first half. */
  public static long hash(String host) {
    byte[] bytes = host.getBytes(StandardCharsets.UTF_8);
    return MurmurHash3.hash128x64(bytes, 0, bytes.length, 0)[0];
  }

  /** Counts {@code host}. */
  public HyperLogLog add(String host) {
    long h = hash(host);
    int index = (int) (h >>> (64 - precision));
    // the bits left after the index, with a 1 stopping the count at 64 - p + 1
    long rest = (h << precision) | (1L << (precision - 1));
    byte rank = (byte) (Long.numberOfLeadingZeros(rest) + 1);
    if (rank > registers[index]) {
      registers[index] = rank;
    }
    return this;
  }

  /** Takes each register's maximum with {@code other}'s; returns whether any register grew. */
  public boolean union(byte[] other) {
    if (other.length != registers.length) {
      throw new IllegalArgumentException(
          "HyperLogLog: " + other.length + " registers to unite with " + registers.length);
    }
    boolean grew = false;
    for (int i = 0; i < registers.length; i++) {
      if (other[i] > registers[i]) {
        registers[i] = other[i];
        grew = true;
      }
    }
    return grew;
  }

  /** The estimated number of distinct hosts counted, with the small-range (linear) correction. */
  public double estimate() {
    int m = registers.length;
    double sum = 0;
    int zeros = 0;
    for (byte r : registers) {
      sum += Math.scalb(1.0, -r);
      if (r == 0) {
        zeros++;
      }
    }
    double raw = alpha(m) * m * m / sum;
    if (raw <= 2.5 * m && zeros > 0) {
      return m * Math.log((double) m / zeros); // linear counting is better for few hosts
    }
    return raw;
  }

  private static double alpha(int m) {
    return switch (m) {
      case 16 -> 0.673;
      case 32 -> 0.697;
      case 64 -> 0.709;
      default -> 0.7213 / (1 + 1.079 / m);
    };
  }

  /** The registers themselves (not a copy). */
  public byte[] registers() {
    return registers;
  }
}
