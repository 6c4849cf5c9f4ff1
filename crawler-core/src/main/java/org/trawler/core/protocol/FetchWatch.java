package org.trawler.core.protocol;

/**
 * What a fetch task's watchdog is told of a page fetch that takes longer than one request: a
 * protocol that renders the page waits for a free browser (no hang, however long: other pages
 * render meanwhile, each bounded), then renders it within its own bound, not the request's
 * deadline.
 */
public interface FetchWatch {
  /** The fetch waits for something other fetches hold (a free browser). */
  void waiting();

  /** A stage of the fetch starts now that may take up to {@code boundMillis}; longer is a hang. */
  void stage(long boundMillis);

  /** For a caller without a watchdog. */
  FetchWatch NONE =
      new FetchWatch() {
        @Override
        public void waiting() {}

        @Override
        public void stage(long boundMillis) {}
      };
}
