package org.trawler.core.parse;

import java.nio.ByteBuffer;
import org.trawler.core.datum.Content;

/** Test signature: the content length as four bytes. */
public class LengthSignature implements Signature {
  @Override
  public byte[] calculate(Content content, String text) {
    return ByteBuffer.allocate(4).putInt(content.getContent().length).array();
  }
}
