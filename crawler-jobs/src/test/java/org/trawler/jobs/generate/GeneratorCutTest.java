package org.trawler.jobs.generate;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.Test;

public class GeneratorCutTest {

  private static List<Rank> samples(int n) {
    List<Rank> ranks = new ArrayList<>();
    for (int i = n - 1; i >= 0; i--) {
      ranks.add(new Rank(0, i, "http://h/" + i));
    }
    return ranks;
  }

  @Test
  public void boundariesSplitTheSamplesEvenlyAndIncrease() {
    List<Rank> boundaries = Generator.rangeBoundaries(samples(100), 4);
    assertEquals(3, boundaries.size());
    // Best score first: 99 is the first sample, so quarter boundaries sit at scores 74, 49, 24.
    assertEquals(74f, boundaries.get(0).score(), 0f);
    assertEquals(49f, boundaries.get(1).score(), 0f);
    assertEquals(24f, boundaries.get(2).score(), 0f);
  }

  @Test
  public void fewSamplesGiveFewerRanges() {
    assertEquals(1, Generator.rangeBoundaries(samples(2), 5).size());
    assertTrue(Generator.rangeBoundaries(samples(1), 5).isEmpty());
    assertTrue(Generator.rangeBoundaries(samples(0), 5).isEmpty());
  }

  @Test
  public void cutFallsInTheRangeWhereTheCountReachesTopN() {
    assertArrayEquals(new int[] {1, 3}, Generator.cutPosition(new long[] {4, 6, 5}, 7));
    assertArrayEquals(new int[] {0, 4}, Generator.cutPosition(new long[] {4, 6, 5}, 4));
    assertArrayEquals(new int[] {2, 1}, Generator.cutPosition(new long[] {4, 0, 5}, 5));
  }

  @Test(expected = IllegalStateException.class)
  public void cutBeyondAllRangesIsABug() {
    Generator.cutPosition(new long[] {1, 1}, 3);
  }
}
