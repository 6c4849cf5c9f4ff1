package org.trawler.parse.tika;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.trawler.core.parse.OutlinkExtractor;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Collects what Tika's XHTML events say of one document: the body's text (at most {@code maxChars}
 * characters, a line per block, the words its layout hyphenated at line ends whole again), its
 * hyperlinks with their text, and its first heading.
 */
final class DocumentHandler extends DefaultHandler {
  private static final Set<String> BLOCKS =
      Set.of(
          "p",
          "div",
          "h1",
          "h2",
          "h3",
          "h4",
          "h5",
          "h6",
          "li",
          "tr",
          "br",
          "table",
          "ul",
          "ol",
          "pre",
          "blockquote",
          "dt",
          "dd",
          "title");
  private static final Set<String> HEADINGS = Set.of("h1", "h2", "h3", "h4", "h5", "h6");

  /** Thrown into the parser to stop it once the text is full. */
  static final class TextLimitReached extends SAXException {
    TextLimitReached() {
      super("text limit reached");
    }
  }

  private final int maxChars;
  private final int maxLinks;
  private final StringBuilder text = new StringBuilder();
  private final LineEndHyphens lines = new LineEndHyphens(text);
  private final List<OutlinkExtractor.Link> links = new ArrayList<>();
  private int headDepth;
  private String href;
  private StringBuilder anchor;
  private StringBuilder heading;
  private String firstHeading = "";
  private boolean full;

  /** {@code maxLinks}: hyperlinks kept, the rest ignored (a PDF can hold millions). */
  DocumentHandler(int maxChars, int maxLinks) {
    this.maxChars = maxChars;
    this.maxLinks = maxLinks;
  }

  @Override
  public void startElement(String uri, String localName, String qName, Attributes atts)
      throws SAXException {
    String name = localName.isEmpty() ? qName : localName;
    if (name.equals("head")) {
      headDepth++;
    } else if (name.equals("a") && atts.getValue("href") != null && links.size() < maxLinks) {
      href = atts.getValue("href");
      anchor = new StringBuilder();
    } else if (HEADINGS.contains(name) && firstHeading.isEmpty()) {
      heading = new StringBuilder();
    }
  }

  @Override
  public void endElement(String uri, String localName, String qName) throws SAXException {
    String name = localName.isEmpty() ? qName : localName;
    if (name.equals("head")) {
      headDepth--;
    } else if (name.equals("a") && href != null) {
      links.add(new OutlinkExtractor.Link(href, anchor.toString()));
      href = null;
      anchor = null;
    } else if (heading != null && HEADINGS.contains(name)) {
      firstHeading = heading.toString().strip();
      heading = null;
    }
    if (headDepth == 0 && BLOCKS.contains(name)) {
      // a block's end is no line end inside a paragraph: no hyphen is joined across it
      lines.blockEnd();
      if (text.length() >= maxChars) {
        full = true;
        throw new TextLimitReached();
      }
      text.append('\n');
    }
  }

  @Override
  public void characters(char[] ch, int start, int length) throws SAXException {
    if (headDepth > 0) {
      return;
    }
    if (anchor != null) {
      anchor.append(ch, start, Math.min(length, 1000 - Math.min(anchor.length(), 1000)));
    }
    if (heading != null && heading.length() < 1000) {
      heading.append(ch, start, Math.min(length, 1000 - heading.length()));
    }
    append(ch, start, length);
  }

  @Override
  public void ignorableWhitespace(char[] ch, int start, int length) throws SAXException {
    characters(ch, start, length);
  }

  private void append(char[] s, int start, int length) throws SAXException {
    int room = maxChars - text.length();
    if (length > room) {
      appendLines(s, start, Math.max(room, 0));
      full = true;
      throw new TextLimitReached();
    }
    appendLines(s, start, length);
  }

  private void appendLines(char[] s, int start, int length) {
    for (int i = start; i < start + length; i++) {
      lines.append(s[i]);
    }
  }

  /** Whether the text reached the limit and the rest of the document was not read. */
  boolean full() {
    return full;
  }

  /** The text, with the words broken at line ends whole again ({@link LineEndHyphens}). */
  String text() {
    lines.finish();
    return text.toString();
  }

  List<OutlinkExtractor.Link> links() {
    return links;
  }

  /** The text of the first heading, "" when the document has none. */
  String firstHeading() {
    return firstHeading;
  }
}
