package org.trawler.jobs.fetch.render;

/**
 * Configuration keys of page rendering (conf/trawler-default.xml, Fetcher section), with their
 * defaults; the switch, fetcher.render, is core's ({@link
 * org.trawler.core.protocol.ProtocolKeys#RENDER}): it chooses the protocol.
 */
public final class RenderKeys {
  /** A file of URL regexes, one a line: only matching pages are rendered; empty = every page. */
  public static final String RULES = "fetcher.render.rules";

  public static final String DEFAULT_RULES = "";

  /** Seconds a page may take to render (network quiet, DOM read) before render_timeout. */
  public static final String TIMEOUT = "fetcher.render.timeout";

  public static final float DEFAULT_TIMEOUT = 10f;

  /** The Chromium binary; empty = chromium (or chromium-browser) on PATH. */
  public static final String BROWSER = "fetcher.render.browser";

  public static final String DEFAULT_BROWSER = "";

  /** Browsers per fetch task. */
  public static final String BROWSERS = "fetcher.render.browsers";

  public static final int DEFAULT_BROWSERS = 2;

  /** Pages a browser renders before it is restarted (browsers leak memory). */
  public static final String MAX_PAGES = "fetcher.render.max.pages";

  public static final int DEFAULT_MAX_PAGES = 100;

  /**
   * Bytes of rendered DOM (UTF-8) kept for a page; a longer one is cut there (reason
   * render_truncated).
   */
  public static final String MAX_BYTES = "fetcher.render.max.bytes";

  public static final long DEFAULT_MAX_BYTES = 4L << 20;

  /** Whether the browser may load from other hosts than the page's (still through the guard). */
  public static final String THIRD_PARTY = "fetcher.render.thirdparty";

  public static final boolean DEFAULT_THIRD_PARTY = false;

  /**
   * DevTools resource types the browser never loads: images, fonts, media, and what only the
   * browser itself would ask for (Other: the favicon; Manifest, Ping, Prefetch, reports).
   */
  public static final String BLOCK_TYPES = "fetcher.render.block.types";

  public static final String DEFAULT_BLOCK_TYPES =
      "Image,Font,Media,Other,Manifest,Ping,Prefetch,CSPViolationReport";

  private RenderKeys() {}
}
