package org.trawler.jobs.fetch;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.jobs.JobCounter;

/**
 * Where a fetch task's records and counts go: the map output (then the segment), or a list in a
 * test.
 */
public interface SegmentOutput {
  /**
   * Emits one record under {@code key}; its type decides the segment part (see
   * FetcherOutputFormat).
   */
  void write(Text key, Writable record) throws IOException, InterruptedException;

  /** Adds {@code amount} to a Hadoop counter. */
  void count(String group, String name, long amount);

  default void count(JobCounter counter, long amount) {
    count(counter.group(), counter.counterName(), amount);
  }
}
