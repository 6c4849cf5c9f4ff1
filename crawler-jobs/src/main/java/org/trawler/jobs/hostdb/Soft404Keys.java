package org.trawler.jobs.hostdb;

/** Configuration keys of the soft-404 probe and its judgement (see {@link Soft404}). */
public final class Soft404Keys {
  /**
   * Whether the fetcher asks each host once for a random path it cannot have, so that pages that
   * look like its answer can be marked gone (reason soft_404). Off by default: it is one request
   * per host for a page nobody linked (a 404 in the site's log, a fetch more in a one-site crawl
   * compared with wget), worth it in a broad crawl, where it keeps "not found" pages out of the
   * index; a broad crawl turns it on.
   */
  public static final String PROBE = "fetcher.soft404.probe";

  public static final boolean DEFAULT_PROBE = false;

  /** Days after which a host's kept probe answer is asked again. */
  public static final String PROBE_INTERVAL_DAYS = "fetcher.soft404.probe.interval";

  public static final int DEFAULT_PROBE_INTERVAL_DAYS = 30;

  /**
   * Pages a host answers with 200 in a fetch task before it is probed there: a host with fewer URLs
   * in the task is not probed this time (most hosts of a broad crawl are small, and the probe saves
   * no fetch: it keeps soft-404 pages out of the index, which matters where a host has many).
   */
  public static final String PROBE_AFTER_PAGES = "fetcher.soft404.probe.after.pages";

  public static final int DEFAULT_PROBE_AFTER_PAGES = 5;

  /** Internal: comma-separated segment probe parts read beside the hostdb (updatedb). */
  public static final String INTERNAL_PROBE_PARTS = "trawler.soft404.probe.parts";

  private Soft404Keys() {}
}
