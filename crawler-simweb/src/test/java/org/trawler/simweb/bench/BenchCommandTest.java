package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.simweb.SiteProfile;

public class BenchCommandTest {

  private static BenchReport.Settings settings(
      int hosts, int latencyMs, double delaySeconds, int threads) {
    return new BenchReport.Settings(
        hosts, 50, 10, latencyMs, 20, delaySeconds, threads, 1, -1, true, SiteProfile.DEFAULT);
  }

  @Test
  public void politenessBoundIsSetByHostsWhenThreadsAreMany() {
    // 200 hosts, one request each per 0.5 s delay + 20 ms latency
    assertEquals(200 / 0.52, settings(200, 20, 0.5, 50).bound(), 1e-9);
    assertEquals(1000 / 1.1, settings(1000, 100, 1.0, 200).bound(), 1e-9);
  }

  @Test
  public void politenessBoundIsSetByThreadsWhenHostsAreMany() {
    // 10 threads at 100 ms per request cannot do more than 100 pages/s, however many hosts
    assertEquals(100.0, settings(10_000, 100, 0.0, 10).bound(), 1e-9);
  }

  @Test
  public void boundWithoutLatencyOrDelayIsUnlimited() {
    assertTrue(Double.isInfinite(settings(5, 0, 0.0, 10).bound()));
  }

  @Test
  public void syntheticUrlsSortInTheirNumericOrder() {
    // the synthetic crawldb is written without a sort: key order must be number order
    long[] numbers = {0, 1, 99, 100, 101, 9_999, 10_000, 123_456_789};
    for (int i = 1; i < numbers.length; i++) {
      Text before = new Text(CrawlDbBenchmark.url(numbers[i - 1]));
      Text after = new Text(CrawlDbBenchmark.url(numbers[i]));
      assertTrue(before + " < " + after, before.compareTo(after) < 0);
    }
    assertEquals("http://h00000001.example.com/p/023.html", CrawlDbBenchmark.url(123));
  }
}
