package org.trawler.simweb;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes simweb's HTML: a title, a heading, paragraphs of plain English-looking sentences with the
 * page's links set inside them as anchors. The same random seed always gives the same bytes, so a
 * page's signature is stable from fetch to fetch.
 */
public final class SimWebHtml {

  /** A link as it appears on a page: href (relative or absolute) and anchor text. */
  public record Link(String href, String anchor) {}

  private static final String[] WORDS = {
    "harbor", "lantern", "meadow", "river", "stone", "garden", "market", "bridge", "winter",
    "summer", "island", "forest", "valley", "signal", "archive", "engine", "letter", "window",
    "anchor", "compass", "harvest", "orchard", "village", "station", "journey", "mirror", "thunder",
    "silver", "copper", "amber", "crystal", "shadow", "morning", "evening", "beacon", "canvas",
    "ledger", "kettle", "pepper", "saddle", "timber", "velvet", "whistle", "voyage", "quarry",
    "planet", "ribbon", "marble", "needle", "feather", "the", "a", "of", "and", "to", "in", "is",
    "was", "for", "on", "with", "as", "by", "at", "from", "every", "each", "many", "some", "old",
    "new", "quiet", "bright", "small", "large", "early", "late", "keeps", "holds", "opens", "finds",
    "carries", "follows", "builds", "crosses", "reads", "writes", "near", "under", "over", "beyond",
    "along", "between", "behind", "within", "across", "toward"
  };

  /** Bytes of text per paragraph, roughly, used to spread links over the page. */
  private static final int PARAGRAPH_BYTES = 600;

  private SimWebHtml() {}

  /** A title of two capitalized words and the page number, e.g. "Harbor Lantern 17". */
  public static String title(long hash, int page) {
    SplittableRandom rnd = new SplittableRandom(hash);
    return capitalize(noun(rnd)) + " " + capitalize(noun(rnd)) + " " + page;
  }

  /**
   * A full page of about {@code targetBytes} bytes (never fewer than needed for its links): a
   * sentence naming {@code marker} first when it is not null, the nav bar (if any) at the top and
   * again at the bottom, and the other links set out by {@code layout}.
   */
  public static String page(
      long hash,
      String title,
      String marker,
      List<Link> nav,
      List<Link> links,
      int targetBytes,
      SiteModel.Layout layout) {
    return page(hash, title, marker, nav, links, targetBytes, layout, null, "en");
  }

  /**
   * A page as above whose prose is in {@code lang} (null: simweb's English-looking words) and whose
   * {@code <html lang>} says {@code declared} (null: the attribute is left out).
   */
  static String page(
      long hash,
      String title,
      String marker,
      List<Link> nav,
      List<Link> links,
      int targetBytes,
      SiteModel.Layout layout,
      String lang,
      String declared) {
    SplittableRandom rnd = new SplittableRandom(hash);
    StringBuilder sb = new StringBuilder(targetBytes + 1024);
    sb.append("<!DOCTYPE html>\n<html")
        .append(declared == null ? "" : " lang=\"" + escape(declared) + "\"")
        .append(">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(escape(title))
        .append("</title>\n<meta name=\"description\" content=\"")
        .append(escape(sentence(lang, rnd)))
        .append("\">\n");
    int head = sb.length();
    sb.append("</head>\n<body>\n");
    navBar(sb, "header", nav);
    sb.append("<h1>").append(escape(title)).append("</h1>\n");
    if (marker != null) {
      sb.append("<p>A ").append(escape(marker)).append(" was seen here.</p>\n");
    }
    if (layout == SiteModel.Layout.REFERENCE) {
      sb.append("<p>").append(escape(sentence(lang, rnd))).append("</p>\n");
      memberTable(sb, rnd, nav, links, lang);
      links = List.of();
    }
    int paragraphs = Math.max(1, targetBytes / PARAGRAPH_BYTES);
    int linksPerParagraph = (links.size() + paragraphs - 1) / paragraphs;
    int next = 0;
    while (sb.length() < targetBytes || next < links.size()) {
      sb.append("<p>");
      int sentences = 3 + rnd.nextInt(4);
      int linksHere = 0;
      for (int s = 0; s < sentences; s++) {
        sb.append(escape(sentence(lang, rnd))).append(' ');
        if (next < links.size()
            && linksHere < Math.max(1, linksPerParagraph)
            && rnd.nextInt(2) == 0) {
          Link link = links.get(next++);
          linksHere++;
          sb.append(lang == null ? "Read more in" : SimWebLanguages.linkLead(lang))
              .append(" <a href=\"")
              .append(escape(link.href()))
              .append("\">")
              .append(escape(link.anchor()))
              .append("</a>. ");
        }
      }
      if (next < links.size() && linksHere == 0) {
        Link link = links.get(next++);
        sb.append(lang == null ? "See also" : SimWebLanguages.linkLead(lang))
            .append(" <a href=\"")
            .append(escape(link.href()))
            .append("\">")
            .append(escape(link.anchor()))
            .append("</a>.");
      }
      sb.append("</p>\n");
    }
    navBar(sb, "footer", nav);
    sb.append("</body>\n</html>\n");
    // set in after the body was written to its size, so that the words and links stay the same
    sb.insert(head, jsonLd(title, lang == null ? "en" : lang));
    return sb.toString();
  }

  /**
   * A single-page app's mount point and script: it reads {@code dataPath} (relative to the page)
   * and writes its sentence and links into the page, as sites built in the browser do.
   */
  static String scriptApp(String dataPath) {
    return "<div id=\"app\"></div>\n<script>\n"
        + "fetch('"
        + escape(dataPath)
        + "').then(r => r.json()).then(d => {\n"
        + "  const app = document.getElementById('app');\n"
        + "  const p = document.createElement('p');\n"
        + "  p.textContent = d.text;\n"
        + "  app.appendChild(p);\n"
        + "  for (const l of d.links) {\n"
        + "    const a = document.createElement('a');\n"
        + "    a.href = l.href;\n"
        + "    a.textContent = l.title;\n"
        + "    app.append(a, ' ');\n"
        + "  }\n"
        + "});\n</script>\n";
  }

  /**
   * The page's schema.org Article as JSON-LD, as news and blog sites put it in their pages' heads:
   * its headline is the title (words and a number: nothing to escape in JSON).
   */
  static String jsonLd(String title) {
    return jsonLd(title, "en");
  }

  /** The JSON-LD of a page in {@code lang}. */
  static String jsonLd(String title, String lang) {
    return "<script type=\"application/ld+json\">{\"@context\": \"https://schema.org\","
        + " \"@type\": \"Article\", \"headline\": \""
        + title
        + "\", \"inLanguage\": \""
        + lang
        + "\"}</script>\n";
  }

  /** A nav bar inside {@code element}: one list item per link; nothing when there are none. */
  private static void navBar(StringBuilder sb, String element, List<Link> nav) {
    if (nav.isEmpty()) {
      return;
    }
    sb.append('<').append(element).append("><nav><ul>\n");
    for (Link link : nav) {
      sb.append("<li>");
      anchor(sb, link);
      sb.append("</li>\n");
    }
    sb.append("</ul></nav></").append(element).append(">\n");
  }

  /**
   * A reference page's table: one row per link with the member, its type (a link to one of the nav
   * bar's pages, so rows repeat URLs; plain code without a nav bar) and a description.
   */
  private static void memberTable(
      StringBuilder sb, SplittableRandom rnd, List<Link> nav, List<Link> links, String lang) {
    sb.append("<table class=\"members\">\n<thead><tr><th>Member</th><th>Type</th>")
        .append("<th>Description</th></tr></thead>\n<tbody>\n");
    for (Link link : links) {
      sb.append("<tr><td>");
      anchor(sb, link);
      sb.append("</td><td>");
      if (nav.isEmpty()) {
        sb.append("<code>").append(noun(rnd)).append("</code>");
      } else {
        anchor(sb, nav.get(rnd.nextInt(nav.size())));
      }
      sb.append("</td><td>").append(escape(sentence(lang, rnd))).append("</td></tr>\n");
    }
    sb.append("</tbody>\n</table>\n");
  }

  private static void anchor(StringBuilder sb, Link link) {
    sb.append("<a href=\"")
        .append(escape(link.href()))
        .append("\">")
        .append(escape(link.anchor()))
        .append("</a>");
  }

  /** A short HTML page for error responses. */
  public static String message(String title, String text) {
    return "<!DOCTYPE html>\n<html><head><title>"
        + escape(title)
        + "</title></head><body><h1>"
        + escape(title)
        + "</h1><p>"
        + escape(text)
        + "</p></body></html>\n";
  }

  /** {@code n} sentences of plain words: the same seed always gives the same ones. */
  static List<String> sentences(long hash, int n) {
    SplittableRandom rnd = new SplittableRandom(hash);
    List<String> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(sentence(rnd));
    }
    return list;
  }

  /** A sentence in {@code lang}, or of simweb's English-looking words when it is null. */
  private static String sentence(String lang, SplittableRandom rnd) {
    return lang == null ? sentence(rnd) : SimWebLanguages.sentence(lang, rnd);
  }

  private static String sentence(SplittableRandom rnd) {
    int words = 6 + rnd.nextInt(12);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < words; i++) {
      String w = WORDS[rnd.nextInt(WORDS.length)];
      sb.append(i == 0 ? capitalize(w) : w).append(i == words - 1 ? "." : " ");
    }
    return sb.toString();
  }

  private static String noun(SplittableRandom rnd) {
    return WORDS[rnd.nextInt(50)];
  }

  private static String capitalize(String w) {
    return Character.toUpperCase(w.charAt(0)) + w.substring(1);
  }

  static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<':
          sb.append("&lt;");
          break;
        case '>':
          sb.append("&gt;");
          break;
        case '&':
          sb.append("&amp;");
          break;
        case '"':
          sb.append("&quot;");
          break;
        default:
          sb.append(c);
      }
    }
    return sb.toString();
  }
}
