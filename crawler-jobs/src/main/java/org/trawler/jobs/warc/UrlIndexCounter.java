package org.trawler.jobs.warc;

import org.trawler.jobs.JobCounter;

/** The URL index job's Hadoop counters (group {@value #GROUP}). */
public enum UrlIndexCounter implements JobCounter {
  /** Rows written, one per response or revisit record the CDXJ files list. */
  ROWS,
  /** Of those, in subset=warc (2xx). */
  ROWS_WARC,
  /** Of those, in subset=crawldiagnostics (redirects, 304s, 4xx, 5xx). */
  ROWS_CRAWLDIAGNOSTICS,
  /**
   * Rows whose record no fetch of the segments read made (WARC files of other segments): their
   * fetch columns (segment, reason, charset, languages...) are null.
   */
  ROWS_WITHOUT_FETCH,
  /** Exchanges of the segments' fetches that no CDXJ line lists (not exported, or no -cdx). */
  EXCHANGES_NOT_IN_WARC,
  /** CDXJ lines that are not what warc -cdx writes: skipped, logged. */
  BAD_CDXJ_LINES,
  /** Records at an offset or of a length over 2^31-1 (a WARC file over 2 GiB): skipped, logged. */
  OFFSET_TOO_LARGE,
  /** Parquet files written, one per subset and reduce task. */
  FILES;

  public static final String GROUP = "urlindex";

  @Override
  public String group() {
    return GROUP;
  }
}
