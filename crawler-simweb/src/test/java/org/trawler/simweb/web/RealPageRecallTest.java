package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;

public class RealPageRecallTest {
  private static final BroadWeb WEB = BroadWeb.build(WebShape.DEFAULT.sized(3, 24), 8080);

  @Test
  public void theMissedPagesAreTheRealPagesNeverFetchedInIdOrder() {
    List<String> missed = RealPageRecall.missedUrls(WEB, Set.of(0, 2));
    assertEquals(WEB.realPages() - 2, missed.size());
    assertEquals(WEB.url(1), missed.get(0));
    assertEquals(WEB.url(3), missed.get(1));
  }

  @Test
  public void aPageWaitingUnfetchedOrUndiscoveredOnAWaitingHostIsPendingAndAnyOtherIsLost() {
    List<String> missed = List.of(WEB.url(1), WEB.url(3), WEB.url(4), WEB.url(5));
    String otherHost = "elsewhere-9.test";
    RealPageRecall r =
        RealPageRecall.of(
            missed,
            Map.of(
                WEB.url(1), CrawlStatus.DB_UNFETCHED,
                WEB.url(3), CrawlStatus.DB_GONE,
                WEB.url(5), CrawlStatus.DB_UNFETCHED),
            Set.of(otherHost));
    assertEquals(4, r.missed());
    assertEquals(Map.of(RealPageRecall.WAITING, 2L), r.pendingByReason());
    assertEquals(2, r.pending());
    assertEquals(2, r.lostCount());
    assertEquals(Map.of("absent", 1L, "db_gone", 1L), r.lostByStatus());
    List<String> lost =
        new java.util.ArrayList<>(List.of(WEB.url(3) + " db_gone", WEB.url(4) + " absent"));
    lost.sort(null);
    assertEquals(lost, r.lost());
    String host4 = java.net.URI.create(WEB.url(4)).getHost();
    RealPageRecall waiting =
        RealPageRecall.of(
            List.of(WEB.url(4), WEB.url(3)),
            Map.of(WEB.url(3), CrawlStatus.DB_GONE),
            Set.of(host4));
    assertEquals(Map.of(RealPageRecall.UNDISCOVERED, 1L), waiting.pendingByReason());
    assertEquals(List.of(WEB.url(3) + " db_gone"), waiting.lost());
  }

  @Test
  public void nothingMissedIsNothingLost() {
    RealPageRecall r = RealPageRecall.of(List.of(), Map.of(), Set.of());
    assertEquals(0, r.lostCount());
    assertEquals(0, r.pending());
  }
}
