package org.trawler.core.parse;

import java.util.List;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;

/**
 * What parsing one page gives: its parse data (status, title, outlinks, metadata), text and
 * signature.
 */
public record ParseResult(ParseData data, ParseText text, byte[] signature) {
  /** The page's outlinks, de-duplicated and capped, in document order. */
  public List<Outlink> outlinks() {
    return data.getOutlinks();
  }

  public byte status() {
    return data.getStatus();
  }
}
