package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Objects;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/** A link found on a page: absolute target URL and its anchor text. */
public class Outlink implements Writable {
  private String toUrl = "";
  private String anchor = "";

  public Outlink() {}

  public Outlink(String toUrl, String anchor) {
    this.toUrl = toUrl;
    this.anchor = anchor == null ? "" : anchor;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    Writables.writeString(out, toUrl);
    Writables.writeString(out, anchor);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    toUrl = Text.readString(in);
    anchor = Text.readString(in);
  }

  public String getToUrl() {
    return toUrl;
  }

  public String getAnchor() {
    return anchor;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Outlink
        && ((Outlink) o).toUrl.equals(toUrl)
        && ((Outlink) o).anchor.equals(anchor);
  }

  @Override
  public int hashCode() {
    return Objects.hash(toUrl, anchor);
  }

  @Override
  public String toString() {
    return toUrl + " [" + anchor + "]";
  }
}
