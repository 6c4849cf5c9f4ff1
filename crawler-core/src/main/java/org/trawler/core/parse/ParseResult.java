package org.trawler.core.parse;

import java.util.List;
import org.jsoup.nodes.Document;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;

/**
 * What parsing one page gives: its parse data (status, title, outlinks, metadata), text and
 * signature, and the redirect its meta refresh makes of it, or null. An HTML page also carries the
 * jsoup document it was read into, so that the parse filters do not parse it again, and every page
 * the notes its parse filters left (counters, the selector rules that fired); neither is stored.
 * {@code elements} are the document's elements as the parser's one walk of it found them (null when
 * the parser did not walk it): the filters find meta tags, scripts and items there rather than walk
 * the tree again.
 */
public record ParseResult(
    ParseData data,
    ParseText text,
    byte[] signature,
    MetaRefresh.Redirect redirect,
    Document dom,
    PageElements elements,
    List<ParseNote> notes) {

  public ParseResult(ParseData data, ParseText text, byte[] signature) {
    this(data, text, signature, null);
  }

  public ParseResult(
      ParseData data, ParseText text, byte[] signature, MetaRefresh.Redirect redirect) {
    this(data, text, signature, redirect, null, null, List.of());
  }

  /** The page's outlinks, de-duplicated and capped, in document order. */
  public List<Outlink> outlinks() {
    return data.getOutlinks();
  }

  public byte status() {
    return data.getStatus();
  }
}
