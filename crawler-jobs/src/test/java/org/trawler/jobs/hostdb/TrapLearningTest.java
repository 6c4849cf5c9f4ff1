package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.core.datum.HostDatum.Trap;
import org.trawler.jobs.hostdb.ParamLearning.Page;

public class TrapLearningTest {
  /** A calendar month's fingerprint; other months differ in a bit or two. */
  private static final long MONTH = 0x0123_4567_89ab_cdefL;

  private final TrapLearning learning = new TrapLearning(3, 4, 8);

  private static List<Page> calendar(int months) {
    List<Page> pages = new ArrayList<>();
    for (int m = 1; m <= months; m++) {
      pages.add(
          new Page(String.format("http://www.a.test/calendar/2026-%02d/", m), MONTH ^ (m & 3)));
    }
    return pages;
  }

  /** Real pages: each its own text, far from every other. */
  private static List<Page> articles(String format, int n) {
    List<Page> pages = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      pages.add(new Page(String.format(format, i), MONTH * (i + 1) + i * 0x5555_5555L));
    }
    return pages;
  }

  @Test
  public void nearDuplicateCalendarMonthsAreATrapWithTheStartBudget() {
    assertEquals(
        Map.of("/calendar/{n}-{n}/", new Trap(5, 8)), learning.learn(calendar(5), Map.of()));
  }

  @Test
  public void aFacetGridWhosePagesFarApartDifferMoreIsStillATrapByTheMedian() {
    // labels differ: neighbours a few bits apart, the two ends of the grid more than the distance
    List<Page> pages = new ArrayList<>();
    long[] fingerprints = {MONTH, MONTH ^ 0x1, MONTH ^ 0x3, MONTH ^ 0x7, MONTH ^ 0xF};
    for (int i = 0; i < fingerprints.length; i++) {
      pages.add(new Page("http://www.a.test/list?color=c" + i + "&size=s", fingerprints[i]));
    }
    assertEquals(2, TrapLearning.medianDistance(pages.stream().map(Page::fingerprint).toList()));
    assertEquals(Map.of("/list?color&size", new Trap(5, 8)), learning.learn(pages, Map.of()));
  }

  @Test
  public void tooFewNearDuplicatesAreNoEvidenceYet() {
    assertEquals(Map.of(), learning.learn(calendar(3), Map.of()));
  }

  @Test
  public void realPagesAtPathsOrQueriesAreNeverTraps() {
    List<Page> pages = new ArrayList<>(articles("http://www.a.test/p/%d.html", 40));
    pages.addAll(articles("http://www.a.test/item?id=%d", 40));
    assertEquals(Map.of(), learning.learn(pages, Map.of()));
  }

  @Test
  public void theBudgetHalvesEveryRoundDownToZero() {
    Map<String, Trap> traps = learning.learn(calendar(5), Map.of());
    int[] budgets = new int[5];
    for (int round = 0; round < 5; round++) {
      traps = learning.learn(calendar(6 + round), traps);
      budgets[round] = traps.get("/calendar/{n}-{n}/").budget();
    }
    assertEquals("[4, 2, 1, 0, 0]", java.util.Arrays.toString(budgets));
    assertEquals(10, traps.get("/calendar/{n}-{n}/").evidence());
  }

  @Test
  public void aLearnedTemplateWhosePagesTurnOutToDifferIsDropped() {
    Map<String, Trap> before = Map.of("/p/{n}.html", new Trap(4, 2));
    assertEquals(Map.of(), learning.learn(articles("http://www.a.test/p/%d.html", 3), before));
  }

  @Test
  public void aLearnedTemplateNotSeenThisRoundKeepsShrinking() {
    Map<String, Trap> before = Map.of("/calendar/{n}-{n}/", new Trap(5, 8));
    assertEquals(Map.of("/calendar/{n}-{n}/", new Trap(5, 4)), learning.learn(List.of(), before));
  }

  @Test
  public void offLearnsNothingButStillShrinksWhatWasLearned() {
    TrapLearning off = new TrapLearning(3, 0, 8);
    assertEquals(Map.of(), off.learn(calendar(10), Map.of()));
    assertEquals(
        Map.of("/x?y", new Trap(5, 1)), off.learn(calendar(10), Map.of("/x?y", new Trap(5, 2))));
  }
}
