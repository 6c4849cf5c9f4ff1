package org.trawler.jobs.fetch.render;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.jobs.CounterSink;

/**
 * A fetch task's browsers: fetcher.render.browsers places, each started when first needed, and
 * restarted after fetcher.render.max.pages pages or when its last page crashed or hung it. Closing
 * the pool stops every browser.
 */
final class BrowserPool implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BrowserPool.class);

  /** One place of the pool: its browser, or null before the first start or after a failure. */
  static final class Place {
    private Browser browser;
    private boolean started;

    Browser browser() {
      return browser;
    }
  }

  private final BlockingQueue<Place> free;
  private final List<Place> all = new ArrayList<>();
  private final String binary;
  private final Path tempDir;
  private final int maxPages;
  private final long maxMessageBytes;
  private final CounterSink counters;
  private volatile boolean closed;

  BrowserPool(RenderSettings settings, Path tempDir, CounterSink counters) {
    this.free = new ArrayBlockingQueue<>(settings.browsers);
    this.binary = settings.browser;
    this.tempDir = tempDir;
    this.maxPages = settings.maxPages;
    this.maxMessageBytes = settings.maxMessageBytes();
    this.counters = counters;
    for (int i = 0; i < settings.browsers; i++) {
      Place place = new Place();
      all.add(place);
      free.add(place);
    }
  }

  /**
   * Waits for a free place and returns it with a live browser (started or restarted here); a
   * browser that cannot start is an IOException, and the place is free again.
   */
  Place take() throws InterruptedException, IOException {
    Place place = free.take();
    try {
      Browser b = place.browser;
      if (b != null && (!b.isAlive() || b.pages() >= maxPages)) {
        b.close();
        place.browser = null;
      }
      if (place.browser == null) {
        if (closed) {
          throw new IOException("the browser pool is closed");
        }
        long start = System.nanoTime();
        place.browser = Browser.start(binary, tempDir, maxMessageBytes);
        LOG.info("browser started in {} ms", (System.nanoTime() - start) / 1_000_000);
        counters.count(
            place.started ? RenderCounter.BROWSER_RESTARTS : RenderCounter.BROWSER_STARTS, 1);
        place.started = true;
      }
      return place;
    } catch (IOException | RuntimeException e) {
      free.add(place);
      throw e;
    }
  }

  /** Gives the place back; {@code broken}: its browser crashed or hung, and is stopped now. */
  void release(Place place, boolean broken) {
    if (broken && place.browser != null) {
      long start = System.nanoTime();
      place.browser.close();
      LOG.info("browser stopped in {} ms", (System.nanoTime() - start) / 1_000_000);
      place.browser = null;
    }
    free.add(place);
  }

  @Override
  public synchronized void close() {
    closed = true;
    for (Place place : all) {
      Browser b = place.browser;
      if (b != null) {
        b.close();
      }
    }
  }
}
