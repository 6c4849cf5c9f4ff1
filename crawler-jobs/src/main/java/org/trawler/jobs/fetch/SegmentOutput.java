package org.trawler.jobs.fetch;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.jobs.CounterSink;

/**
 * Where a fetch task's records and counts go: the map output (then the segment), or a list in a
 * test.
 */
public interface SegmentOutput extends CounterSink {
  /**
   * Emits one record under {@code key}; its type decides the segment part (see
   * FetcherOutputFormat).
   */
  void write(Text key, Writable record) throws IOException, InterruptedException;
}
