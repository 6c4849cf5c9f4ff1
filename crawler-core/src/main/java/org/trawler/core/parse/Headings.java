package org.trawler.core.parse;

import java.util.List;
import org.jsoup.nodes.Element;

/**
 * A page's section headings ({@code h1} to {@code h3}) as one string, one heading per line in
 * document order: the search ranks a page whose section is titled by the query's words above one
 * that merely repeats them. Bounded: reference pages have hundreds of headings, the first ones say
 * what the page is about.
 */
final class Headings {
  /** Headings kept per page. */
  static final int MAX_HEADINGS = 64;

  /** Characters kept of one heading. */
  static final int MAX_CHARS = 200;

  private Headings() {}

  /** The headings among {@code elements}, one per line; empty when there are none. */
  static String of(List<Element> elements) {
    StringBuilder sb = new StringBuilder();
    int kept = 0;
    for (Element e : elements) {
      if (kept == MAX_HEADINGS) {
        break;
      }
      if (!isHeading(e.normalName())) {
        continue;
      }
      String text = Whitespace.cap(Whitespace.collapse(PageText.of(e)), MAX_CHARS);
      if (!text.isEmpty()) {
        sb.append(sb.length() == 0 ? "" : "\n").append(text);
        kept++;
      }
    }
    return sb.toString();
  }

  private static boolean isHeading(String name) {
    return name.equals("h1") || name.equals("h2") || name.equals("h3");
  }
}
