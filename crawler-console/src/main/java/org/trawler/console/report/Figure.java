package org.trawler.console.report;

/**
 * A figure the report counts over the crawl's records: a histogram of a bucket (a status, a code, a
 * type, a rounded number) → count, or a per-host sum. The MapReduce key of a histogram's bucket is
 * {@code figure \t bucket}; a host's figures are keyed {@code host \t name \t figure}, so that one
 * host's rows arrive together in the sorted output.
 */
public enum Figure {
  /** crawldb: URLs per status name. */
  CRAWLDB_STATUS,
  /** crawldb: URLs per link depth. */
  DEPTH,
  /** crawldb: db_duplicate URLs per kind of copy (exact, near; unknown for older marks). */
  DUPLICATE_KIND,
  /** crawldb: db_gone URLs per reason of their last fetch (http_404, soft_404, ...). */
  GONE_REASON,
  /** segments: fetches per fetch status name. */
  FETCH_STATUS,
  /** segments: fetches per HTTP status code (0: no answer). */
  HTTP_STATUS,
  /** segments: fetches per reason (ok, robots_denied, too_large, ...). */
  REASON,
  /** segments: fetches per response time, ms rounded down to two significant digits. */
  RESPONSE_MS,
  /** segments: stored contents per media type. */
  CONTENT_TYPE,
  /** segments: stored contents per size, bytes rounded down to two significant digits. */
  BYTES,
  /** per host: URLs in the crawldb. */
  HOST_URLS(true),
  /** per host: fetches with an answer (success, not modified, redirect). */
  HOST_FETCHED(true),
  /** per host: fetches that ended gone or to be retried. */
  HOST_ERRORS(true),
  /** per host: fetches robots.txt denied. */
  HOST_ROBOTS_DENIED(true),
  /** per host: summed response time of its timed fetches, ms. */
  HOST_RESPONSE_MS(true),
  /** per host: fetches with a response time. */
  HOST_TIMED(true);

  /** The first field of a host figure's key. */
  public static final String HOST = "host";

  private final boolean perHost;

  Figure() {
    this(false);
  }

  Figure(boolean perHost) {
    this.perHost = perHost;
  }

  public boolean perHost() {
    return perHost;
  }

  /** The name in keys and report.json: lower case. */
  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The MapReduce key of one bucket of this histogram, or of this figure of {@code host}. */
  public String keyFor(String bucketOrHost) {
    String clean = bucketOrHost.replace('\t', ' ').replace('\n', ' ');
    return perHost ? HOST + "\t" + clean + "\t" + key() : key() + "\t" + clean;
  }

  /** The figure named {@code key}, or null. */
  public static Figure of(String key) {
    for (Figure f : values()) {
      if (f.key().equals(key)) {
        return f;
      }
    }
    return null;
  }

  /** A number rounded down to two significant digits: 1234 → 1200, 87 → 87; a bounded histogram. */
  public static long bucket(long value) {
    if (value < 100) {
      return Math.max(0, value);
    }
    long scale = 1;
    while (value / scale >= 100) {
      scale *= 10;
    }
    return value / scale * scale;
  }
}
