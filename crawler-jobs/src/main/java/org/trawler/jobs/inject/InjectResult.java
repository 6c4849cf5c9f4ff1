package org.trawler.jobs.inject;

import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;

/** What one inject did, from its counters. */
public final class InjectResult {
  public final long injected;
  public final long duplicates;
  public final long newUrls;
  public final long merged;
  public final long rejected;
  public final long malformed;

  /** URLs in the crawldb after the inject: the records its last job wrote. */
  public final long dbSize;

  public InjectResult(
      long injected,
      long duplicates,
      long newUrls,
      long merged,
      long rejected,
      long malformed,
      long dbSize) {
    this.injected = injected;
    this.duplicates = duplicates;
    this.newUrls = newUrls;
    this.merged = merged;
    this.rejected = rejected;
    this.malformed = malformed;
    this.dbSize = dbSize;
  }

  /** Job 1's counters, plus job 2's when there was a merge (null otherwise). */
  static InjectResult of(Counters sort, Counters merge) {
    Counters last = merge != null ? merge : sort;
    return new InjectResult(
        InjectCounter.URLS_INJECTED.valueIn(sort),
        InjectCounter.URLS_DUPLICATE.valueIn(sort),
        InjectCounter.URLS_NEW.valueIn(last),
        InjectCounter.URLS_MERGED.valueIn(last),
        InjectCounter.URLS_REJECTED.valueIn(sort),
        InjectCounter.URLS_MALFORMED.valueIn(sort),
        last.findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue());
  }

  /** The one-line summary inject prints. */
  public String summary(String crawlDb, InjectMerge.Mode mode) {
    String what =
        mode == InjectMerge.Mode.OVERWRITE
            ? "overwritten"
            : mode == InjectMerge.Mode.UPDATE ? "updated" : "kept as they were";
    return String.format(
        "inject %s: %s injected: %d new, %d merged (existing entries %s), %s;"
            + " %d rejected by normalizers/filters, %s%s",
        crawlDb,
        count(injected, "URL"),
        newUrls,
        merged,
        what,
        count(duplicates, "duplicate seed"),
        rejected,
        count(malformed, "malformed line"),
        rejected + malformed > 0 ? " (each logged above with file and line)" : "");
  }

  private static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
