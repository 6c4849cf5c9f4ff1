package org.trawler.jobs.rank.host;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class HyperLogLogTest {
  private static HyperLogLog counting(int from, int to) {
    HyperLogLog h = HyperLogLog.empty(7);
    for (int i = from; i < to; i++) {
      h.add("host" + i + ".test");
    }
    return h;
  }

  @Test
  public void tenThousandHostsAreCountedWithinTheExpectedError() {
    double estimate = counting(0, 10_000).estimate();
    assertTrue(
        "estimate " + estimate,
        Math.abs(estimate - 10_000) / 10_000 < 2 * HyperLogLog.relativeError(7));
  }

  @Test
  public void aFewHostsAreCountedAlmostExactly() {
    assertEquals(1, counting(0, 1).estimate(), 0.05);
    assertEquals(5, counting(0, 5).estimate(), 0.2);
    assertEquals(0, HyperLogLog.empty(7).estimate(), 0);
  }

  @Test
  public void theUnionIsTheCounterOfBothSets() {
    HyperLogLog a = counting(0, 1000);
    assertTrue(a.union(counting(500, 1500).registers()));
    assertArrayEquals(counting(0, 1500).registers(), a.registers());
    assertFalse("nothing new", a.union(counting(200, 700).registers()));
  }

  @Test
  public void aHostCountedTwiceCountsOnce() {
    assertArrayEquals(counting(0, 3).add("host1.test").registers(), counting(0, 3).registers());
  }

  @Test
  public void oneTwentyEightRegistersHaveANinePercentError() {
    assertEquals(0.0919, HyperLogLog.relativeError(7), 0.0001);
  }

  @Test
  public void registersNotAPowerOfTwoAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new HyperLogLog(new byte[100]));
    assertThrows(IllegalArgumentException.class, () -> HyperLogLog.empty(3));
    assertThrows(IllegalArgumentException.class, () -> counting(0, 1).union(new byte[64]));
  }
}
