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
}
