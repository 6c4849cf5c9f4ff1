package org.trawler.jobs.index;

/**
 * How an index writer waits before it sends again a request its server was too busy for (Solr,
 * OpenSearch): the configured backoff, doubled at each retry, never more than a minute, so that a
 * long outage costs a bounded wait per retry rather than one that outgrows the task's timeout.
 *
 * @param backoffMs the pause before the first retry
 */
public record RetryBackoff(long backoffMs) {
  /** Longest pause between two retries, whatever the backoff setting. */
  public static final long MAX_PAUSE_MS = 60_000;

  /** The pause before retry number {@code retry} (0-based). */
  public long pause(int retry) {
    return Math.min(MAX_PAUSE_MS, backoffMs << Math.min(retry, 20));
  }
}
