package org.trawler.jobs.fetch;

import java.util.Locale;

/**
 * The progress line, e.g. {@code 1200/5000 done (24.0%), 12.5 pages/s, 310.2 kB/s, 8/10 threads
 * active, 3/57 queues ready, 4 errors}. Rates are over the time since the previous line. While the
 * list is still being read its size is not known: {@code 1200/3400+ done (list still being read)}.
 */
final class FetchProgress {

  /** The counts one line is made of. */
  record Snapshot(
      long done,
      long fed,
      boolean listRead,
      long pages,
      long bytes,
      int activeThreads,
      int threads,
      int readyQueues,
      int queues,
      long errors) {}

  private long lastTime;
  private long lastPages;
  private long lastBytes;

  FetchProgress(long start) {
    lastTime = start;
  }

  /** The line for {@code s} at {@code now}; rates count from the previous call (or the start). */
  String line(long now, Snapshot s) {
    double seconds = Math.max(1, now - lastTime) / 1000.0;
    double pagesPerSecond = (s.pages() - lastPages) / seconds;
    double kbPerSecond = (s.bytes() - lastBytes) / 1024.0 / seconds;
    lastTime = now;
    lastPages = s.pages();
    lastBytes = s.bytes();
    String total =
        s.listRead()
            ? String.format(
                Locale.ROOT,
                "%d/%d done (%.1f%%)",
                s.done(),
                s.fed(),
                s.fed() == 0 ? 100.0 : 100.0 * s.done() / s.fed())
            : String.format(Locale.ROOT, "%d/%d+ done (list still being read)", s.done(), s.fed());
    return String.format(
        Locale.ROOT,
        "%s, %.1f pages/s, %.1f kB/s, %d/%d threads active, %d/%d queues ready, %d errors",
        total,
        pagesPerSecond,
        kbPerSecond,
        s.activeThreads(),
        s.threads(),
        s.readyQueues(),
        s.queues(),
        s.errors());
  }
}
