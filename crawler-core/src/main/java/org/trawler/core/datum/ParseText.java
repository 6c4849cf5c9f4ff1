package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/** The plain text of a parsed page. */
public class ParseText implements Writable {
  public static final byte VERSION = 1;
  private String text = "";

  public ParseText() {}

  public ParseText(String text) {
    this.text = text == null ? "" : text;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    Writables.writeString(out, text);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    Writables.checkVersion("ParseText", in.readByte(), VERSION);
    text = Text.readString(in);
  }

  public String getText() {
    return text;
  }

  @Override
  public String toString() {
    return text;
  }
}
