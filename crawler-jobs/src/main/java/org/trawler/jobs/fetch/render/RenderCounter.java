package org.trawler.jobs.fetch.render;

import org.trawler.jobs.JobCounter;

/** Rendering's Hadoop counters (group {@value #GROUP}). */
public enum RenderCounter implements JobCounter {
  /** Pages rendered: their DOM is what parse reads. */
  RENDERED,
  /** Pages the browser did not finish within fetcher.render.timeout (reason render_timeout). */
  RENDER_TIMEOUTS,
  /** Pages whose browser crashed or was killed (reason render_failed). */
  RENDER_FAILURES,
  /** Browsers started (the first of each pool place too). */
  BROWSER_STARTS,
  /** Browsers restarted: after fetcher.render.max.pages pages, a crash or a hang. */
  BROWSER_RESTARTS,
  /** The browser's own requests the fetch task made for it (through the fetcher's protocol). */
  SUBREQUESTS,
  /** Requests refused by the address policy (non-public addresses, http.address.deny). */
  SUBREQUESTS_BLOCKED_GUARD,
  /** Requests refused by the page's host's robots.txt. */
  SUBREQUESTS_BLOCKED_ROBOTS,
  /** Requests to another host, refused (fetcher.render.thirdparty=false). */
  SUBREQUESTS_BLOCKED_THIRD_PARTY,
  /**
   * Requests refused for what they are: a blocked type (fetcher.render.block.types), a method but
   * GET, a navigation away from the page, a scheme but http(s).
   */
  SUBREQUESTS_BLOCKED_TYPE,
  /**
   * Navigations of a page, pop-up or frame to file:, chrome:, data: or another scheme but http(s)
   * (which no request interception sees), and renders whose page ended on one (not taken).
   */
  SUBREQUESTS_BLOCKED_SCHEME,
  /** WebSockets a page opened, refused: the fetcher's protocol cannot carry them. */
  SUBREQUESTS_BLOCKED_WEBSOCKET,
  /**
   * Pop-ups, frames in their own process and workers a rendered page started, each attached with
   * request interception before it ran.
   */
  TARGETS_ATTACHED,
  /** Pages whose rendered DOM was cut at fetcher.render.max.bytes (reason render_truncated). */
  RENDER_TRUNCATIONS;

  public static final String GROUP = "render";

  @Override
  public String group() {
    return GROUP;
  }
}
