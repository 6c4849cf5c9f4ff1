package org.trawler.jobs.parse;

import org.trawler.jobs.JobCounter;

/**
 * parse's Hadoop counters (group {@value #GROUP}): the outlinks, and one counter per parse status
 * of the pages, named by {@code ParseData.statusName} (success, notparsed, parse_failed).
 */
public enum ParseCounter implements JobCounter {
  /** Outlinks kept, over all pages. */
  OUTLINKS;

  public static final String GROUP = "parse";

  @Override
  public String group() {
    return GROUP;
  }
}
