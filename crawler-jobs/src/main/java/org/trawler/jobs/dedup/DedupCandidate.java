package org.trawler.jobs.dedup;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Objects;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.CrawlDatum;

/**
 * A page in dedup: its URL and crawldb entry on the way to the comparison by signature, or its URL
 * and ranking ({@link DuplicateChoice#ranking}) in the near step and as the better page a
 * duplicate's mark names.
 */
public class DedupCandidate implements Writable {
  private final Text url = new Text();
  private final CrawlDatum datum = new CrawlDatum();

  public DedupCandidate() {}

  public DedupCandidate(String url, CrawlDatum datum) {
    set(url, datum);
  }

  /** Makes this candidate a deep copy of (url, datum). */
  public void set(String url, CrawlDatum datum) {
    this.url.set(url);
    this.datum.set(datum);
  }

  /**
   * A deep copy, for keeping past the reducer's next value: the URL's bytes copied as they are (a
   * near step copies every page once per band, most into buckets of one).
   */
  public DedupCandidate copy() {
    DedupCandidate copy = new DedupCandidate();
    copy.url.set(url);
    copy.datum.set(datum);
    return copy;
  }

  public String getUrl() {
    return url.toString();
  }

  public CrawlDatum getDatum() {
    return datum;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    url.write(out);
    datum.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    url.readFields(in);
    datum.readFields(in);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DedupCandidate
        && ((DedupCandidate) o).url.equals(url)
        && ((DedupCandidate) o).datum.equals(datum);
  }

  @Override
  public int hashCode() {
    return Objects.hash(url, datum);
  }

  @Override
  public String toString() {
    return url + " " + datum;
  }
}
