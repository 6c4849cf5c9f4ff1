package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;

/** A metadata value of a class CrawlDatum has no tag for: written with its class name. */
public class MetaProbe implements Writable {
  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(42);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    in.readInt();
  }
}
