package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;

public class WwwTwinsTest {
  private static HostDatum urls(CrawlStatus status, long n) {
    HostDatum d = new HostDatum();
    d.addUrls(status, n);
    return d;
  }

  /** Three names that only redirected, their www. hosts serving pages, and two more sites. */
  private static WwwTwins.Tally threeRedirects() {
    WwwTwins.Tally t = new WwwTwins.Tally();
    for (String name : new String[] {"amber-1.test", "river-2.test", "stone-3.test"}) {
      t.add(name, urls(CrawlStatus.DB_REDIR_PERM, 1));
      t.add("www." + name, urls(CrawlStatus.DB_FETCHED, 12));
    }
    t.add("www.meadow-4.test", urls(CrawlStatus.DB_FETCHED, 3)); // its name not met yet
    t.add("www.forest-5.test", urls(CrawlStatus.DB_UNFETCHED, 9)); // not fetched yet
    HostDatum failed = urls(CrawlStatus.DB_GONE, 2);
    failed.addFetches(0, 2, 0, 2);
    t.add("www.valley-6.test", failed); // answered nothing: no DNS name
    return t;
  }

  @Test
  public void
      threeNamesRedirectingToTheirServingWwwHostHoldBackEveryNameWithAWwwHostThatCanServe() {
    WwwTwins w = threeRedirects().judge(3);
    assertEquals(3, w.evidence());
    assertEquals(0, w.counterEvidence());
    assertEquals("www.meadow-4.test", w.twinHost("meadow-4.test"));
    assertEquals("www.amber-1.test", w.twinHost("amber-1.test"));
    assertEquals("www.forest-5.test", w.twinHost("forest-5.test")); // its www. host is fetched
    assertNull(w.twinHost("valley-6.test")); // its www. host failed: the name itself is fetched
    assertNull(w.twinHost("www.meadow-4.test"));
    assertNull(w.twinHost("blog.meadow-4.test"));
    assertNull(w.twinHost(null));
  }

  @Test
  public void twoRedirectsAreNotEnoughAndZeroLearnsNothing() {
    WwwTwins.Tally t = new WwwTwins.Tally();
    t.add("amber-1.test", urls(CrawlStatus.DB_REDIR_PERM, 1));
    t.add("www.amber-1.test", urls(CrawlStatus.DB_FETCHED, 2));
    t.add("river-2.test", urls(CrawlStatus.DB_REDIR_TEMP, 1));
    t.add("www.river-2.test", urls(CrawlStatus.DB_FETCHED, 2));
    t.add("www.meadow-4.test", urls(CrawlStatus.DB_FETCHED, 3));
    assertTrue(t.judge(3).isEmpty());
    assertEquals(2, t.judge(3).evidence());
    assertTrue(threeRedirects().judge(0).isEmpty());
  }

  @Test
  public void aNameThatServedItsOwnPagesIsNeverHeldBackAndCountsAgainst() {
    WwwTwins.Tally t = threeRedirects();
    HostDatum both = urls(CrawlStatus.DB_FETCHED, 4);
    both.addUrls(CrawlStatus.DB_REDIR_PERM, 1);
    t.add("meadow-4.test", both);
    WwwTwins w = t.judge(3);
    assertNull(w.twinHost("meadow-4.test"));
    assertEquals(1, w.counterEvidence());
    assertEquals("www.river-2.test", w.twinHost("river-2.test"));
  }

  @Test
  public void asManySitesServingOnBothNamesAsRedirectingLearnsNothing() {
    WwwTwins.Tally t = threeRedirects();
    for (String name : new String[] {"kettle-6.test", "pepper-7.test", "saddle-8.test"}) {
      t.add(name, urls(CrawlStatus.DB_FETCHED, 2));
      t.add("www." + name, urls(CrawlStatus.DB_DUPLICATE, 2));
    }
    assertTrue(t.judge(3).isEmpty());
    assertEquals(3, t.judge(3).counterEvidence());
  }

  @Test
  public void aSiteLivingOnItsBareNameIsNotHeldBack() {
    WwwTwins.Tally t = threeRedirects();
    t.add("github-9.test", urls(CrawlStatus.DB_UNFETCHED, 1)); // linked, not fetched yet
    HostDatum www = urls(CrawlStatus.DB_REDIR_PERM, 1);
    www.addFetches(1, 0, 0, 0);
    t.add("www.github-9.test", www); // www. redirects to the name
    assertNull(t.judge(3).twinHost("github-9.test"));
  }

  @Test
  public void theTwinUrlKeepsSchemePortPathAndQuery() {
    WwwTwins w = threeRedirects().judge(3);
    assertEquals(
        "http://www.meadow-4.test:8080/item?id=3#top",
        w.twinUrl("http://meadow-4.test:8080/item?id=3#top"));
    assertEquals("https://www.amber-1.test/", w.twinUrl("https://Amber-1.test/"));
    assertNull(w.twinUrl("http://valley-6.test/"));
    assertNull(WwwTwins.NONE.twinUrl("http://meadow-4.test/"));
  }
}
