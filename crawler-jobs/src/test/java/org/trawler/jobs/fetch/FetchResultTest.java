package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.mapreduce.Counters;
import org.junit.Test;

/** What the round driver learns from a fetch's counters. */
public class FetchResultTest {

  @Test
  public void hostsThatPushedBackAreLearntAbout() {
    Counters c = new Counters();
    c.findCounter("fetcher", "fetch_success").increment(40);
    c.findCounter("fetch_reasons", "ok").increment(40);
    c.findCounter("fetch_reasons", "http_429").increment(2);
    c.findCounter("fetch_reasons", "http_503").increment(1);
    c.findCounter("fetch_reasons", "host_backoff").increment(5);
    FetchResult r = FetchResult.of(c);
    assertEquals(new FetchResult(40, 8, 0), r);
    assertTrue(r.learntAboutHosts());
  }

  @Test
  public void aSoft404ProbeIsLearntAbout() {
    Counters c = new Counters();
    c.findCounter("fetcher", "soft404_probes").increment(3);
    FetchResult r = FetchResult.of(c);
    assertEquals(new FetchResult(0, 0, 3), r);
    assertTrue(r.learntAboutHosts());
  }

  @Test
  public void aFetchOfPagesAnd404sLearntNothingAboutHosts() {
    Counters c = new Counters();
    c.findCounter("fetcher", "fetch_success").increment(10);
    c.findCounter("fetcher", "fetch_gone").increment(2);
    c.findCounter("fetch_reasons", "http_404").increment(2);
    FetchResult r = FetchResult.of(c);
    assertEquals(new FetchResult(10, 0, 0), r);
    assertFalse(r.learntAboutHosts());
  }
}
