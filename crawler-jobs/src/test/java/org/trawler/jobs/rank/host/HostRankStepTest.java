package org.trawler.jobs.rank.host;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;
import org.trawler.jobs.rank.PageRank;

public class HostRankStepTest {
  private static final PageRank TWO_HOSTS = PageRank.meanOne(0.85, 2);

  @Test
  public void aHostStartsCountingItselfWithRankOne() {
    HostNode a = HostRankStep.start("a.test", List.of("b.test", "c.test"), 7);
    assertEquals(1, new HyperLogLog(a.registers()).estimate(), 0.01);
    assertEquals(1, a.rank(), 0);
    assertEquals(0, a.harmonic(), 0);
    assertEquals(0.5, HostRankStep.message(a).rank(), 0);
  }

  @Test
  public void aLinkingHostAtDistanceOneAddsOne() {
    HostNode a = HostRankStep.start("a.test", List.of("b.test"), 7);
    HostNode b = HostRankStep.start("b.test", List.of(), 7);
    HostRankStep.Gathered g =
        HostRankStep.gather(b, List.of(HostRankStep.message(a)), 1, TWO_HOSTS, 0);
    assertTrue(g.grew());
    assertEquals(1, g.node().harmonic(), 0.02);
    // the same counter again adds nothing: the ball stopped growing
    HostRankStep.Gathered again =
        HostRankStep.gather(g.node(), List.of(HostRankStep.message(a)), 2, TWO_HOSTS, 0);
    assertFalse(again.grew());
    assertEquals(g.node().harmonic(), again.node().harmonic(), 0);
  }

  @Test
  public void hostsFirstReachedAtDistanceTwoAddHalfEach() {
    HostNode x = HostRankStep.start("x.test", List.of(), 7);
    HyperLogLog two = HyperLogLog.empty(7).add("far1.test").add("far2.test");
    HostRankStep.Gathered g =
        HostRankStep.gather(x, List.of(HostNode.message(two.registers(), 0)), 2, TWO_HOSTS, 0);
    assertEquals(1, g.node().harmonic(), 0.02);
  }

  @Test
  public void pageRankIsOneStepOfThePowerIterationWithDanglingRankSpread() {
    HostNode x = HostRankStep.start("x.test", List.of("y.test"), 7);
    HostRankStep.Gathered g =
        HostRankStep.gather(
            x,
            List.of(HostNode.message(x.registers(), 0.5), HostNode.message(x.registers(), 0.25)),
            1,
            PageRank.meanOne(0.85, 10),
            1.0); // 0.1 a host
    assertEquals(0.15 + 0.85 * (0.5 + 0.25 + 0.1), g.node().rank(), 1e-9);
    assertEquals(Math.abs(g.node().rank() - 1), g.rankChange(), 1e-9);
    assertEquals(List.of("y.test"), g.node().targets());
  }

  @Test
  public void convergedWhenNoCounterGrewAndRankBarelyMoved() {
    PageRank thousand = PageRank.meanOne(0.85, 1000);
    assertTrue(HostRankStep.converged(0, 0.5, thousand, 0.001));
    assertFalse(HostRankStep.converged(1, 0, thousand, 0.001));
    assertFalse(HostRankStep.converged(0, 5, thousand, 0.001));
    assertTrue(HostRankStep.converged(0, 0, PageRank.meanOne(0.85, 0), 0.001));
  }
}
