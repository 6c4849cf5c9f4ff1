package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.jobs.hostdb.HostKnowledge;

public class RankBudgetTest {
  @Test
  public void theMostCentralHostGetsTheCapAndTheLeastTheFloor() {
    assertEquals(500, RankBudget.budget(0.001, 0.05, 10_000, 40, 40));
    assertEquals(10, RankBudget.budget(0.001, 0.05, 10_000, 0, 40));
    assertEquals(260, RankBudget.budget(0.001, 0.05, 10_000, 20.4, 40)); // 10 + 490 × 0.51
  }

  @Test
  public void aBudgetIsAtLeastOneUrl() {
    assertEquals(1, RankBudget.budget(0.001, 0.05, 100, 0, 40));
    assertEquals(1, RankBudget.budget(0.001, 0.05, 100, 1, 0));
  }

  @Test
  public void unrankedHostsGetTheFloor() {
    RankBudget b =
        new RankBudget(
            0.01, 0.1, 1000, HostKnowledge.ofCentrality(Map.of("hub.test", 8f, "mid.test", 2f)));
    assertEquals(100, b.of("hub.test"));
    assertEquals(33, b.of("mid.test")); // 10 + 90 / 4, rounded
    assertEquals(10, b.of("new.test"));
  }

  @Test
  public void offUnlessAskedForAndGivenATopN() {
    Configuration conf = new Configuration(false);
    HostKnowledge known = HostKnowledge.ofCentrality(Map.of("hub.test", 8f));
    assertEquals(-1, RankBudget.from(conf, 1000, known).of("hub.test"));
    conf.setBoolean(GeneratorKeys.MAX_COUNT_BY_RANK, true);
    assertEquals(-1, RankBudget.from(conf, 0, known).of("hub.test"));
    assertEquals(50, RankBudget.from(conf, 1000, known).of("hub.test"));
  }

  @Test
  public void theTighterCapWins() {
    assertEquals(3, RankBudget.tighter(3, 7));
    assertEquals(3, RankBudget.tighter(-1, 3));
    assertEquals(3, RankBudget.tighter(3, -1));
    assertEquals(-1, RankBudget.tighter(-1, -1));
  }
}
