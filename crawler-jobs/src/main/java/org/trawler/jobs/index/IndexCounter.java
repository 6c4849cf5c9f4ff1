package org.trawler.jobs.index;

import org.trawler.jobs.JobCounter;

/**
 * The index job's Hadoop counters (group {@value #GROUP}); deletes and skips are counted per reason
 * too ({@link DeleteReason}, {@link SkipReason}).
 */
public enum IndexCounter implements JobCounter {
  /** Documents added (or replaced). */
  ADDED,
  /** Documents deleted. */
  DELETED,
  /** Pages of the segments neither added nor deleted. */
  SKIPPED;

  public static final String GROUP = "index";

  @Override
  public String group() {
    return GROUP;
  }
}
