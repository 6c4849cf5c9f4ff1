package org.trawler.jobs.generate;

import org.trawler.jobs.JobCounter;

/**
 * generate's Hadoop counters (group {@value #GROUP}); each {@link SkipReason} is a counter of the
 * group too.
 */
public enum GenerateCounter implements JobCounter {
  /** URLs written to the fetch lists. */
  SELECTED,
  /** crawldb URLs marked as generated (generate.update.crawldb). */
  MARKED;

  public static final String GROUP = "generate";

  @Override
  public String group() {
    return GROUP;
  }
}
