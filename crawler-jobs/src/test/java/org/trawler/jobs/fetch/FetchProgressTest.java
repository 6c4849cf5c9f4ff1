package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class FetchProgressTest {

  @Test
  public void whileTheListIsReadTheTotalIsOpen() {
    FetchProgress progress = new FetchProgress(0);
    String line =
        progress.line(
            10_000, new FetchProgress.Snapshot(120, 340, false, 100, 1024 * 1000, 8, 10, 3, 57, 4));
    assertEquals(
        "120/340+ done (list still being read), 10.0 pages/s, 100.0 kB/s, 8/10 threads active, "
            + "3/57 queues ready, 4 errors",
        line);
  }

  @Test
  public void onceTheListIsReadThePercentShows() {
    FetchProgress progress = new FetchProgress(0);
    progress.line(10_000, new FetchProgress.Snapshot(100, 400, true, 100, 0, 10, 10, 5, 20, 0));
    String line =
        progress.line(20_000, new FetchProgress.Snapshot(300, 400, true, 150, 0, 2, 10, 1, 4, 1));
    assertEquals(
        "300/400 done (75.0%), 5.0 pages/s, 0.0 kB/s, 2/10 threads active, 1/4 queues ready, 1 errors",
        line);
  }
}
