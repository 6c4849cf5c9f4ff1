package org.trawler.jobs.generate;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.trawler.core.datum.CrawlDatum;

/**
 * A URL the select step kept: its crawldb datum and its slot, the URL's position among the kept
 * URLs of its host (0 = the host's best). Fetch lists are sorted by slot, which interleaves hosts.
 */
public class Candidate implements Writable {
  private int slot;
  private final CrawlDatum datum = new CrawlDatum();

  public Candidate() {}

  public Candidate(int slot, CrawlDatum datum) {
    set(slot, datum);
  }

  public void set(int slot, CrawlDatum datum) {
    this.slot = slot;
    this.datum.set(datum);
  }

  public int slot() {
    return slot;
  }

  public CrawlDatum datum() {
    return datum;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, slot);
    datum.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    slot = WritableUtils.readVInt(in);
    datum.readFields(in);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Candidate
        && slot == ((Candidate) o).slot
        && datum.equals(((Candidate) o).datum);
  }

  @Override
  public int hashCode() {
    return 31 * slot + datum.hashCode();
  }

  @Override
  public String toString() {
    return "Candidate{slot=" + slot + ", " + datum + "}";
  }
}
