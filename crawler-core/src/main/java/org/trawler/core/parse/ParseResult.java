package org.trawler.core.parse;

import java.util.List;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;

/**
 * What parsing one page gives: its parse data (status, title, outlinks, metadata), text and
 * signature, and the redirect its meta refresh makes of it, or null.
 */
public record ParseResult(
    ParseData data, ParseText text, byte[] signature, MetaRefresh.Redirect redirect) {

  public ParseResult(ParseData data, ParseText text, byte[] signature) {
    this(data, text, signature, null);
  }

  /** The page's outlinks, de-duplicated and capped, in document order. */
  public List<Outlink> outlinks() {
    return data.getOutlinks();
  }

  public byte status() {
    return data.getStatus();
  }
}
