package org.trawler.jobs.warc;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.SegmentRecord;

/**
 * A segment part's record with the segment it came from: the reducer pairs the parts of one fetch
 * by it when a URL was fetched in several segments.
 */
public class SegmentValue implements Writable {
  private final Text segment = new Text();
  private final SegmentRecord record = new SegmentRecord();

  public SegmentValue() {}

  public SegmentValue(String segment, Writable record) {
    this.segment.set(segment);
    this.record.set(record);
  }

  public String segment() {
    return segment.toString();
  }

  public Writable record() {
    return record.get();
  }

  @Override
  public void write(DataOutput out) throws IOException {
    segment.write(out);
    record.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    segment.readFields(in);
    record.readFields(in);
  }
}
