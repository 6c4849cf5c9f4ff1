package org.trawler.jobs.read;

import org.apache.hadoop.io.Writable;

/**
 * Totals over a db's records that add up part by part (readdb and readhostdb -stats): counted one
 * part at a time and merged in part order, by the client or by {@link StatsJob}, so both print the
 * same, down to the last bit of a sum of scores.
 */
public interface DbStats<V extends Writable, S extends DbStats<V, S>> extends Writable {
  /** Counts one record. */
  void add(V value);

  /** Counts one record stored under {@code key}; stats that do not read keys count its value. */
  default void add(Writable key, V value) {
    add(value);
  }

  /** Adds the totals of {@code other} (a later part) to these. */
  void merge(S other);
}
