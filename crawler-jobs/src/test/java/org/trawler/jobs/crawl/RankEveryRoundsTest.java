package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/** rank.every.rounds: which rounds of run end with rank. */
public class RankEveryRoundsTest {

  private static List<Integer> rankedRounds(int every) {
    List<Integer> ranked = new ArrayList<>();
    for (int round = 1; round <= 6; round++) {
      if (CrawlRound.ranksAfter(round, every)) {
        ranked.add(round);
      }
    }
    return ranked;
  }

  @Test
  public void everyNthRoundRanksAndZeroNever() {
    assertEquals(List.of(2, 4, 6), rankedRounds(2));
    assertEquals(List.of(1, 2, 3, 4, 5, 6), rankedRounds(1));
    assertEquals(List.of(), rankedRounds(0));
  }
}
