package org.trawler.core.parse;

import org.trawler.core.datum.Content;

/** db.signature.class=md5: the MD5 of the raw content, so any byte change is a change. */
public class MD5Signature implements Signature {
  @Override
  public byte[] calculate(Content content, String text) {
    return Signature.md5(content.getContent());
  }
}
