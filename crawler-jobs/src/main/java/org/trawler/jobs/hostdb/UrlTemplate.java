package org.trawler.jobs.hostdb;

import java.util.TreeSet;
import org.trawler.core.net.URLParts;

/**
 * The template of a URL on its host: its path with the parts that vary between the pages of one
 * generator generalised (every run of digits becomes {@code {n}}, so dates and counters match; a
 * segment repeated in a row becomes {@code seg+}, as relative links that repeat themselves make
 * them), and the sorted set of its query parameter names without their values. Calendars ({@code
 * /calendar/{n}-{n}/}), repeating paths ({@code /more+/}) and facet grids ({@code
 * /list?color&size}) each give one template for endless URLs; so do real pages ({@code
 * /p/{n}.html}, {@code /item?id}), which is why a template is learned as a trap only from its
 * pages' content, never from its shape.
 */
public final class UrlTemplate {
  private UrlTemplate() {}

  /** The template of {@code url}, without its scheme and host. */
  public static String of(String url) {
    URLParts parts = URLParts.of(url);
    int end = parts.pathEnd();
    StringBuilder out = new StringBuilder();
    path(url, parts.pathStart(), end, out);
    if (parts.hasQuery()) {
      TreeSet<String> names = new TreeSet<>();
      for (String p : ParamLearning.params(url, end + 1, parts.queryEnd())) {
        names.add(ParamLearning.name(p));
      }
      out.append('?').append(String.join("&", names));
    }
    return out.toString();
  }

  /** Appends the generalised path {@code url[start, end)}: digits, then repeated segments. */
  private static void path(String url, int start, int end, StringBuilder out) {
    String previous = null;
    boolean repeated = false;
    int s = start;
    while (s < end) {
      int slash = url.indexOf('/', s + 1);
      int stop = slash < 0 || slash > end ? end : slash;
      String segment = digits(url, s, stop); // with its leading '/' (none for a first relative)
      if (segment.equals(previous) && segment.length() > 1) {
        if (!repeated) {
          out.append('+');
          repeated = true;
        }
      } else {
        out.append(segment);
        previous = segment;
        repeated = false;
      }
      s = stop;
    }
  }

  /** {@code url[from, to)} with each run of digits as {@code {n}}. */
  private static String digits(String url, int from, int to) {
    StringBuilder b = new StringBuilder(to - from);
    for (int i = from; i < to; i++) {
      char c = url.charAt(i);
      if (c >= '0' && c <= '9') {
        if (i == from || !isDigit(url.charAt(i - 1))) {
          b.append("{n}");
        }
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
