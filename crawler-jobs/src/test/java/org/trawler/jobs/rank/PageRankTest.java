package org.trawler.jobs.rank;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** The one PageRank step pages (sum 1) and hosts (mean 1) both take. */
public class PageRankTest {
  /** a → b, b dangling: one step in each scale, compared in units of the mean rank. */
  @Test
  public void bothScalesTakeTheSameStep() {
    PageRank pages = PageRank.sumOne(0.85, 2);
    PageRank hosts = PageRank.meanOne(0.85, 2);
    assertEquals(0.5, pages.initial(), 0);
    assertEquals(1, hosts.initial(), 0);
    // b dangles, so its rank is the dangling mass; a sends all of its rank to b
    double pa = pages.next(0, pages.initial());
    double pb = pages.next(PageRank.share(pages.initial(), 1f, 1), pages.initial());
    double ha = hosts.next(0, hosts.initial());
    double hb = hosts.next(PageRank.share(hosts.initial(), 1f, 1), hosts.initial());
    assertEquals(0.075 + 0.85 * 0.25, pa, 1e-12);
    assertEquals(pages.scaled(pa), hosts.scaled(ha), 1e-6f);
    assertEquals(pages.scaled(pb), hosts.scaled(hb), 1e-6f);
    assertEquals(2, pages.scaled(pa) + pages.scaled(pb), 1e-6f);
  }

  @Test
  public void convergedIsTheChangeAsAShareOfTheTotalRank() {
    assertFalse(PageRank.sumOne(0.85, 10).converged(Double.NaN, 0.01));
    assertTrue(PageRank.sumOne(0.85, 10).converged(0.005, 0.01));
    assertFalse(PageRank.sumOne(0.85, 10).converged(0.02, 0.01));
    assertTrue(PageRank.meanOne(0.85, 10).converged(0.05, 0.01));
    assertFalse(PageRank.meanOne(0.85, 10).converged(0.2, 0.01));
    assertTrue(PageRank.meanOne(0.85, 0).converged(0, 0.01));
  }
}
