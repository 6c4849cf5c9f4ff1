package org.trawler.jobs.index;

import java.util.Locale;
import org.trawler.jobs.JobCounter;

/**
 * Why a page of the segments is neither added nor deleted; counted as {@code skipped_<reason>} in
 * group index.
 */
public enum SkipReason implements JobCounter {
  /** The server said 304, or the content did not change since it was indexed. */
  NOT_MODIFIED,
  /** The fetch did not succeed this time (a transient error): the page keeps its document. */
  NOT_FETCHED,
  /** Fetched, but not parsed or the parse failed. */
  NOT_PARSED,
  /** The crawldb does not know the URL (index run against another crawl's crawldb). */
  NOT_IN_CRAWLDB,
  /** It would be deleted, but deletes are off (-deleteGone not given). */
  DELETE_OFF,
  /** Its owner refused a usage export.require.usage requires (deletes off: it is not added). */
  USAGE_REFUSED;

  @Override
  public String group() {
    return IndexCounter.GROUP;
  }

  @Override
  public String counterName() {
    return "skipped_" + name().toLowerCase(Locale.ROOT);
  }
}
