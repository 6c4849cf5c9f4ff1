package org.trawler.jobs.update;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

public class IncomingLinksTest {

  @Test
  public void aMillionLinksAreSummedAsTheyStreamPast() {
    IncomingLinks links = new IncomingLinks();
    CrawlDatum reused = Datums.linked(0.001f, 9);
    for (int i = 0; i < 1_000_000; i++) {
      reused.setDepth(i == 500_000 ? 2 : 9);
      links.add(reused);
    }
    assertEquals(1_000_000, links.count());
    assertEquals(1000f, links.score(), 0.01f);
    assertEquals(2, links.minDepth());
  }

  @Test
  public void linksWithoutDepthLeaveTheDepthAlone() {
    IncomingLinks links = new IncomingLinks();
    links.add(new CrawlDatum(CrawlStatus.LINKED, 0, 0.5f));
    assertEquals(-1, links.minDepth());
    CrawlDatum known = Datums.old(CrawlStatus.DB_FETCHED);
    known.setDepth(4);
    links.creditTo(known);
    assertEquals(4, known.getDepth());
    assertEquals(1.5f, known.getScore(), 1e-6);
  }

  @Test
  public void noLinksCreditNothing() {
    IncomingLinks links = new IncomingLinks();
    assertTrue(links.isEmpty());
    CrawlDatum known = Datums.old(CrawlStatus.DB_FETCHED);
    CrawlDatum before = new CrawlDatum(known);
    links.creditTo(known);
    assertEquals(before, known);
  }
}
