package org.trawler.jobs.generate;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.Test;

public class TopNCutTest {

  private static List<Rank> samples(int n) {
    List<Rank> ranks = new ArrayList<>();
    for (int i = n - 1; i >= 0; i--) {
      ranks.add(new Rank(0, i, "http://h/" + i));
    }
    return ranks;
  }

  @Test
  public void boundariesSplitTheSamplesEvenlyAndIncrease() {
    List<Rank> boundaries = TopNCut.rangeBoundaries(samples(100), 4);
    assertEquals(3, boundaries.size());
    // Best score first: 99 is the first sample, so quarter boundaries sit at scores 74, 49, 24.
    assertEquals(74f, boundaries.get(0).score(), 0f);
    assertEquals(49f, boundaries.get(1).score(), 0f);
    assertEquals(24f, boundaries.get(2).score(), 0f);
  }

  @Test
  public void fewSamplesGiveFewerRanges() {
    assertEquals(1, TopNCut.rangeBoundaries(samples(2), 5).size());
    assertTrue(TopNCut.rangeBoundaries(samples(1), 5).isEmpty());
    assertTrue(TopNCut.rangeBoundaries(samples(0), 5).isEmpty());
  }

  @Test
  public void cutFallsInTheRangeWhereTheCountReachesTopN() {
    assertArrayEquals(new int[] {1, 3}, TopNCut.cutPosition(new long[] {4, 6, 5}, 7));
    assertArrayEquals(new int[] {0, 4}, TopNCut.cutPosition(new long[] {4, 6, 5}, 4));
    assertArrayEquals(new int[] {2, 1}, TopNCut.cutPosition(new long[] {4, 0, 5}, 5));
  }

  @Test(expected = IllegalStateException.class)
  public void cutBeyondAllRangesIsABug() {
    TopNCut.cutPosition(new long[] {1, 1}, 3);
  }

  @Test
  public void boundNeedsEnoughSamples() {
    // topN 10, every sample, 3 runs: sample 9 + 2 is the first proven to have 10 candidates before
    // it.
    assertEquals(11, TopNCut.boundIndex(50, 10, 1, 3));
    assertEquals(-1, TopNCut.boundIndex(11, 10, 1, 3));
    // every 4th: ceil(9 / 4) = 3, plus 2.
    assertEquals(5, TopNCut.boundIndex(50, 10, 4, 3));
  }

  @Test
  public void boundAlwaysHasAtLeastTopNCandidatesBeforeIt() {
    Random random = new Random(7);
    for (int trial = 0; trial < 300; trial++) {
      int runs = 1 + random.nextInt(5);
      long topN = 1 + random.nextInt(40);
      long every = 1 + random.nextInt(6);
      List<Rank> all = new ArrayList<>();
      List<Rank> samples = new ArrayList<>();
      for (int r = 0; r < runs; r++) {
        List<Rank> run = new ArrayList<>();
        int size = random.nextInt((int) topN + 1);
        for (int i = 0; i < size; i++) {
          run.add(new Rank(0, random.nextInt(20), "http://h" + r + "/" + i));
        }
        Collections.sort(run);
        for (int i = 0; i < run.size(); i += every) {
          samples.add(run.get(i));
        }
        all.addAll(run);
      }
      Collections.sort(samples);
      int index = TopNCut.boundIndex(samples.size(), topN, every, runs);
      if (index >= 0) {
        Rank bound = samples.get(index);
        long before = all.stream().filter(r -> r.compareTo(bound) <= 0).count();
        assertTrue("trial " + trial, before >= topN);
      }
    }
  }
}
