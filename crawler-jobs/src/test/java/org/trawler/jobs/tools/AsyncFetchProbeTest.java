package org.trawler.jobs.tools;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.After;
import org.junit.Test;

/** The async probe fetches every page once, politely: a host's pages the delay apart. */
public class AsyncFetchProbeTest {
  private SimWeb web;

  @After
  public void stop() {
    if (web != null) {
      web.stop();
    }
  }

  @Test
  public void everyPageIsFetchedWithTheDelayBetweenAHostsRequests() throws Exception {
    web = SimWeb.builder().hosts(2).pages(4).port(0).redirectPct(0).notFoundPct(0).errorPct(0).disallowPct(0)
        .build().start();
    List<String> urls = new ArrayList<>();
    for (int h = 0; h < 2; h++) {
      for (int p = 0; p < 4; p++) {
        urls.add(web.pageUrl(h, p));
      }
    }
    BenchReport.Settings settings = new BenchReport.Settings(2, 4, 10, 0, 1, 0.1, 4, 1, -1, true);
    AsyncFetchProbe probe = new AsyncFetchProbe(settings).run(urls);
    assertEquals(8, probe.pages());
    assertEquals(0, probe.failures());
    assertTrue("3 delays of 100 ms between a host's 4 pages: " + probe.seconds(), probe.seconds() >= 0.3);
  }
}
