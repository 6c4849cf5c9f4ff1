package org.trawler.core.parse;

import java.util.Collection;
import java.util.Locale;
import org.jsoup.nodes.Element;
import org.trawler.core.datum.CrawlStatus;

/**
 * A page's {@code <meta http-equiv="refresh" content="delay; url=...">}: its delay in seconds and
 * the URL as written ("" for a refresh of the page itself), and what it means to the crawl: a
 * redirect when it soon sends the reader to another page, else the URL is an ordinary link.
 */
public record MetaRefresh(long delaySeconds, String url) {
  /**
   * A longer refresh is a page of its own that reloads or moves on later (news tickers, slide
   * shows), not a redirect: the page is indexed and the URL is an outlink.
   */
  public static final int MAX_REDIRECT_DELAY_SECONDS = 5;

  /**
   * A refresh that is a redirect: its target (absolute, normalized) and whether it is permanent.
   */
  public record Redirect(String target, boolean permanent) {
    /** The fetch status the page's fetch becomes: fetch_redir_perm or fetch_redir_temp. */
    public CrawlStatus fetchStatus() {
      return permanent ? CrawlStatus.FETCH_REDIR_PERM : CrawlStatus.FETCH_REDIR_TEMP;
    }
  }

  /**
   * The first meta refresh among a page's elements whose content parses, or null. One inside {@code
   * <noscript>} does not count: sites send browsers without JavaScript to an "enable JavaScript"
   * page that way, and a crawler must not take the whole site for redirects.
   */
  static MetaRefresh find(Iterable<Element> elements) {
    for (Element e : elements) {
      if (e.normalName().equals("meta")
          && e.attr("http-equiv").trim().equalsIgnoreCase("refresh")
          && e.closest("noscript") == null) {
        MetaRefresh refresh = parse(e.attr("content"));
        if (refresh != null) {
          return refresh;
        }
      }
    }
    return null;
  }

  /**
   * Parses a content attribute the lenient way browsers do (HTML's declarative refresh): a delay
   * (digits, a fraction ignored), then after {@code ;}, {@code ,} or a space an optional {@code
   * url=} in any case and with spaces around {@code =}, then the URL, quotes around it dropped.
   * Pages write {@code 0;URL='x'}, {@code 0; x} and {@code 5 ; url = "x"} alike. Null when there is
   * no delay ({@code "url=x"}, {@code "-1"}) or garbage follows it.
   */
  public static MetaRefresh parse(String content) {
    if (content == null) {
      return null;
    }
    String s = content.strip();
    int i = 0;
    while (i < s.length() && isDigit(s.charAt(i))) {
      i++;
    }
    if (i == 0 && (s.isEmpty() || s.charAt(0) != '.')) {
      return null;
    }
    long delay = delay(s.substring(0, i));
    while (i < s.length() && (isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
      i++;
    }
    if (i == s.length()) {
      return new MetaRefresh(delay, "");
    }
    char separator = s.charAt(i);
    if (separator != ';' && separator != ',' && !Character.isWhitespace(separator)) {
      return null;
    }
    i = skipSpaces(s, i);
    if (i < s.length() && (s.charAt(i) == ';' || s.charAt(i) == ',')) {
      i = skipSpaces(s, i + 1);
    }
    return new MetaRefresh(delay, urlPart(s.substring(i)));
  }

  /**
   * The redirect this refresh makes of a page known under {@code pageUrls} (the URL it was fetched
   * as, the URL it came from after redirects), given the refresh URL resolved against the page's
   * base and normalized ({@code target}, null when it is not a crawlable URL); null when it is no
   * redirect: no URL, a delay over {@link #MAX_REDIRECT_DELAY_SECONDS}, or the page itself.
   * Permanent only with no delay and {@code zeroDelayIsPermanent}.
   */
  public Redirect redirect(
      String target, Collection<String> pageUrls, boolean zeroDelayIsPermanent) {
    if (target == null || delaySeconds > MAX_REDIRECT_DELAY_SECONDS || pageUrls.contains(target)) {
      return null;
    }
    return new Redirect(target, zeroDelayIsPermanent && delaySeconds == 0);
  }

  private static long delay(String digits) {
    if (digits.isEmpty()) {
      return 0; // ".5": under a second
    }
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE; // more digits than a long: never
    }
  }

  /** The URL after the separator: an optional {@code url =} prefix and quotes dropped. */
  private static String urlPart(String s) {
    String rest = s;
    if (rest.length() >= 3 && rest.substring(0, 3).toLowerCase(Locale.ROOT).equals("url")) {
      int i = skipSpaces(rest, 3);
      if (i < rest.length() && rest.charAt(i) == '=') {
        rest = rest.substring(skipSpaces(rest, i + 1));
      }
    }
    if (!rest.isEmpty() && (rest.charAt(0) == '\'' || rest.charAt(0) == '"')) {
      int close = rest.indexOf(rest.charAt(0), 1);
      rest = close < 0 ? rest.substring(1) : rest.substring(1, close);
    }
    return rest.strip();
  }

  private static int skipSpaces(String s, int from) {
    int i = from;
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
