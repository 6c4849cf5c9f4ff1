package org.trawler.jobs.update;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;

/** db.max.urls.per.host: counting a host's crawldb URLs before its new ones. */
public class HostUrlCapTest {
  @Test
  public void aCountKeySortsBeforeEveryUrlAndGoesToItsHostsReducer() {
    Text count = HostUrlCap.countKey("https://a.example:8443/x?y");
    assertTrue(count.compareTo(new Text("http://a.example/")) < 0);
    assertTrue(count.compareTo(new Text("https://0.example/")) < 0);
    HostUrlCap.ByHost partitioner = new HostUrlCap.ByHost();
    CrawlDatum d = new CrawlDatum();
    for (int n : new int[] {1, 7, 64}) {
      assertEquals(
          partitioner.getPartition(new Text("http://a.example/page"), d, n),
          partitioner.getPartition(count, d, n));
    }
  }

  @Test
  public void newUrlsAreAdmittedUpToTheCapCountingTheExistingOnes() {
    HostUrlCap cap = new HostUrlCap(3);
    cap.countExisting(HostUrlCap.countKey("http://a.example/"), 2);
    assertTrue(cap.admitsNew("http://a.example/new1"));
    assertFalse(cap.admitsNew("https://a.example/new2"));
    assertTrue("another host has its own count", cap.admitsNew("http://b.example/"));
  }

  @Test
  public void aZeroCapAdmitsNothingNewAndNoCapIsNone() {
    assertFalse(new HostUrlCap(0).admitsNew("http://a.example/"));
    assertNull(HostUrlCap.from(new Configuration(false)));
  }

  @Test
  public void theDomainCapCountsEveryHostOfTheRegisteredDomainTogether() {
    HostUrlCap cap = new HostUrlCap(-1, 3);
    cap.countExisting(HostUrlCap.countKey("http://a.shop.example.co.uk/"), 2);
    assertEquals(null, cap.overCap("http://b.shop.example.co.uk/1"));
    assertEquals(UpdateCounter.URLS_OVER_DOMAIN_CAP, cap.overCap("http://c.shop.example.co.uk/"));
    assertTrue("another domain has its own count", cap.admitsNew("http://x.other.co.uk/"));
  }

  @Test
  public void theHostCapComesFirstWhenBothAreOn() {
    HostUrlCap cap = new HostUrlCap(1, 10);
    cap.countExisting(HostUrlCap.countKey("http://a.example.com/"), 1);
    assertEquals(UpdateCounter.URLS_OVER_HOST_CAP, cap.overCap("http://a.example.com/2"));
    assertEquals(null, cap.overCap("http://b.example.com/1"));
  }

  @Test
  public void theDomainPartitionerSendsAHostsCountKeyWithEveryHostOfItsDomain() {
    HostUrlCap.ByDomain partitioner = new HostUrlCap.ByDomain();
    CrawlDatum d = new CrawlDatum();
    Text count = HostUrlCap.countKey("http://a.trap.example.com/");
    for (int n : new int[] {1, 7, 64}) {
      assertEquals(
          partitioner.getPartition(new Text("http://zz.trap.example.com/page"), d, n),
          partitioner.getPartition(count, d, n));
    }
    Configuration conf = new Configuration(false);
    conf.setInt(UpdateKeys.MAX_URLS_PER_DOMAIN, 5);
    assertTrue(HostUrlCap.from(conf).capsDomains());
  }
}
