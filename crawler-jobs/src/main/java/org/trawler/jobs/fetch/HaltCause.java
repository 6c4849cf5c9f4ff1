package org.trawler.jobs.fetch;

import org.trawler.jobs.JobCounter;

/**
 * Why a fetch task stopped feeding before the end of its list. Not a fetch reason: the URLs left
 * are not fetched, get no outcome and stay due; each cause counts them, in the fetcher's group.
 */
public enum HaltCause implements JobCounter {
  /** fetcher.timelimit.mins was reached. */
  HIT_BY_TIMELIMIT,
  /** A fetch was stuck longer than the watchdog allows. */
  HIT_BY_WATCHDOG,
  /** Writing the task's output failed. */
  WRITE_FAILED;

  @Override
  public String group() {
    return FetchCounter.GROUP;
  }
}
