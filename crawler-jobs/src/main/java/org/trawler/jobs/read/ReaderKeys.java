package org.trawler.jobs.read;

/** Configuration keys of the db readers, with their defaults. */
public final class ReaderKeys {
  /**
   * readdb and readhostdb -stats run as a MapReduce job when the db holds at least this many bytes;
   * below it the client reads the parts itself (quicker for a small db). 0: always a job.
   */
  public static final String STATS_JOB_MIN_BYTES = "readdb.stats.job.min.bytes";

  public static final long DEFAULT_STATS_JOB_MIN_BYTES = 1L << 30;

  private ReaderKeys() {}
}
