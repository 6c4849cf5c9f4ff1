package org.trawler.core.parse;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.trawler.core.datum.Content;

/**
 * db.signature.class=text: the MD5 of the lower-cased, whitespace-collapsed text, so markup-only
 * changes are no change. Pages without text fall back to the raw content, lest they all be equal.
 */
public class TextSignature implements Signature {
  @Override
  public byte[] calculate(Content content, String text) {
    String normalized = Whitespace.collapse(text == null ? "" : text.toLowerCase(Locale.ROOT));
    if (normalized.isEmpty()) {
      return Signature.md5(content.getContent());
    }
    return Signature.md5(normalized.getBytes(StandardCharsets.UTF_8));
  }
}
