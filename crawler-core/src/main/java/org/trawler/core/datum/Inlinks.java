package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * The links that point to one URL, for the linkdb: each an {@link Outlink} seen from the target's
 * side.
 */
public class Inlinks implements Writable {
  public static final byte VERSION = 1;

  /** Each element's toUrl holds the linking page (the "from" URL), its anchor the anchor text. */
  private final List<Outlink> inlinks = new ArrayList<>();

  @Override
  public void write(DataOutput out) throws IOException {
    // Encoded apart, then handed over in one write: the map task's sort buffer and a SequenceFile's
    // take each byte and each string through a call of their own, and a URL's inlinks are
    // thousands of them (a third of invertlinks' time went there on link-heavy pages).
    DataOutputBuffer encoded = new DataOutputBuffer(64 * inlinks.size() + 8);
    encoded.writeByte(VERSION);
    WritableUtils.writeVInt(encoded, inlinks.size());
    for (Outlink o : inlinks) {
      o.write(encoded);
    }
    out.write(encoded.getData(), 0, encoded.getLength());
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    Writables.checkVersion("Inlinks", in.readByte(), VERSION);
    inlinks.clear();
    int n = WritableUtils.readVInt(in);
    for (int i = 0; i < n; i++) {
      Outlink o = new Outlink();
      o.readFields(in);
      inlinks.add(o);
    }
  }

  public void add(String fromUrl, String anchor) {
    inlinks.add(new Outlink(fromUrl, anchor));
  }

  public List<Outlink> getInlinks() {
    return inlinks;
  }

  public int size() {
    return inlinks.size();
  }

  @Override
  public String toString() {
    return "Inlinks" + inlinks;
  }
}
