package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * The plain text of a parsed page, and its Markdown rendering when parser.markdown asked for one
 * (empty otherwise): both are the page's content, read by the index and the exports alone, and both
 * are left empty for a noindex page.
 */
public class ParseText implements Writable {
  /** Version 2 added the Markdown; version 1 is read too. */
  public static final byte VERSION = 2;

  private static final byte OLDEST_VERSION = 1;

  private String text = "";
  private String markdown = "";

  public ParseText() {}

  public ParseText(String text) {
    this(text, "");
  }

  public ParseText(String text, String markdown) {
    this.text = text == null ? "" : text;
    this.markdown = markdown == null ? "" : markdown;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    Writables.writeString(out, text);
    Writables.writeString(out, markdown);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte version = in.readByte();
    Writables.checkVersion("ParseText", version, OLDEST_VERSION, VERSION);
    text = Text.readString(in);
    markdown = version >= 2 ? Text.readString(in) : "";
  }

  public String getText() {
    return text;
  }

  /** The page's Markdown, or empty when none was made. */
  public String getMarkdown() {
    return markdown;
  }

  @Override
  public String toString() {
    return text;
  }
}
