package org.trawler.jobs.index;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.SegmentRecord;

/**
 * One record the index job joins per URL (crawldb or fetch datum, content summary, parse data,
 * parse text, inlinks) with the segment it came from ("" for the crawldb and the linkdb): with
 * several segments, a page's parts must come from the same one.
 */
public class IndexRecord implements Writable {
  private String segment = "";
  private final SegmentRecord record = new SegmentRecord();

  public IndexRecord() {}

  public IndexRecord(String segment, Writable value) {
    set(segment, value);
  }

  public IndexRecord set(String segment, Writable value) {
    this.segment = segment == null ? "" : segment;
    record.set(value);
    return this;
  }

  /** The segment's name (its directory's), or "" for the crawldb and the linkdb. */
  public String segment() {
    return segment;
  }

  public Writable value() {
    return record.get();
  }

  @Override
  public void write(DataOutput out) throws IOException {
    Text.writeString(out, segment);
    record.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    segment = Text.readString(in);
    record.readFields(in);
  }

  @Override
  public String toString() {
    return (segment.isEmpty() ? "" : segment + ":") + record.get();
  }
}
