package org.trawler.jobs.inject;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.trawler.core.datum.CrawlDatum;

/**
 * An injected datum with where its line was (file, line number), so that of several seeds for one
 * URL the last one wins whatever order the shuffle brings them in.
 */
public class Seed implements Writable {
  private String file = "";
  private long line;
  private final CrawlDatum datum = new CrawlDatum();

  public Seed() {}

  public Seed(String file, long line, CrawlDatum datum) {
    this.file = file;
    this.line = line;
    this.datum.set(datum);
  }

  /** Makes this a deep copy of {@code other}. */
  public void set(Seed other) {
    file = other.file;
    line = other.line;
    datum.set(other.datum);
  }

  /** True when this seed comes later than {@code other}: by file path, then line number. */
  public boolean isAfter(Seed other) {
    int byFile = file.compareTo(other.file);
    return byFile != 0 ? byFile > 0 : line > other.line;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    Text.writeString(out, file);
    WritableUtils.writeVLong(out, line);
    datum.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    file = Text.readString(in);
    line = WritableUtils.readVLong(in);
    datum.readFields(in);
  }

  public String file() {
    return file;
  }

  public long line() {
    return line;
  }

  public CrawlDatum datum() {
    return datum;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Seed
        && ((Seed) o).file.equals(file)
        && ((Seed) o).line == line
        && ((Seed) o).datum.equals(datum);
  }

  @Override
  public int hashCode() {
    return file.hashCode() * 31 + Long.hashCode(line);
  }

  @Override
  public String toString() {
    return file + ":" + line + " " + datum;
  }
}
