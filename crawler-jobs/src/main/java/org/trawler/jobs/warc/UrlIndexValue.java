package org.trawler.jobs.warc;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * What the URL index joins per URL: a CDXJ line (a record's place in its WARC file), a segment
 * part's record (the fetch), or the crawldb's duplicate mark (the URL of the page kept instead).
 */
public class UrlIndexValue implements Writable {
  /** Which of the three a value is. */
  public enum Kind {
    CDXJ_LINE,
    SEGMENT_RECORD,
    DUPLICATE_OF
  }

  private Kind kind = Kind.CDXJ_LINE;
  private final Text text = new Text();
  private SegmentValue record = new SegmentValue();

  public UrlIndexValue() {}

  public static UrlIndexValue line(String line) {
    UrlIndexValue v = new UrlIndexValue();
    v.text.set(line);
    return v;
  }

  public static UrlIndexValue record(SegmentValue record) {
    UrlIndexValue v = new UrlIndexValue();
    v.kind = Kind.SEGMENT_RECORD;
    v.record = record;
    return v;
  }

  public static UrlIndexValue duplicateOf(String keptUrl) {
    UrlIndexValue v = new UrlIndexValue();
    v.kind = Kind.DUPLICATE_OF;
    v.text.set(keptUrl);
    return v;
  }

  public Kind kind() {
    return kind;
  }

  /** The CDXJ line, or the kept page's URL. */
  public String text() {
    return text.toString();
  }

  /** The segment record (a fresh copy per read: the reducer may keep it). */
  public SegmentValue record() {
    return record;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(kind.ordinal());
    if (kind == Kind.SEGMENT_RECORD) {
      record.write(out);
    } else {
      text.write(out);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    kind = Kind.values()[in.readByte()];
    if (kind == Kind.SEGMENT_RECORD) {
      record = new SegmentValue();
      record.readFields(in);
    } else {
      text.readFields(in);
    }
  }
}
