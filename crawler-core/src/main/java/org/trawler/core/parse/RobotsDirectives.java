package org.trawler.core.parse;

import java.util.Locale;
import java.util.Set;

/**
 * What a page's {@code <meta name=robots>} tags and X-Robots-Tag headers allow: noindex (keep no
 * text), nofollow (follow no links). {@code none} means both, {@code all} neither.
 */
public record RobotsDirectives(boolean present, boolean noIndex, boolean noFollow) {
  public static final RobotsDirectives NONE = new RobotsDirectives(false, false, false);

  /**
   * Directives that take a value after a colon; any other "name:" prefixes directives for one
   * agent.
   */
  private static final Set<String> VALUED =
      Set.of("unavailable_after", "max-snippet", "max-image-preview", "max-video-preview");

  /** Adds a meta robots content value such as "noindex, nofollow". */
  public RobotsDirectives withMeta(String content) {
    return with(content, false);
  }

  /**
   * Adds an X-Robots-Tag header value. Directives after an agent prefix ("googlebot: noindex") are
   * meant for that agent only and are ignored.
   */
  public RobotsDirectives withHeader(String value) {
    return with(value, true);
  }

  private RobotsDirectives with(String value, boolean header) {
    if (value == null) {
      return this;
    }
    boolean index = noIndex;
    boolean follow = noFollow;
    for (String token : value.split(",")) {
      String directive = token.trim().toLowerCase(Locale.ROOT);
      int colon = directive.indexOf(':');
      if (header && colon > 0) {
        String name = directive.substring(0, colon).trim();
        if (VALUED.contains(name)) {
          continue;
        }
        break; // an agent scope: the rest of this value is for another crawler
      }
      switch (directive) {
        case "noindex":
          index = true;
          break;
        case "nofollow":
          follow = true;
          break;
        case "none":
          index = true;
          follow = true;
          break;
        default:
          break; // all, index, follow, noarchive, ... change nothing we do
      }
    }
    return new RobotsDirectives(true, index, follow);
  }

  /**
   * The effective directives as stored in the parse metadata, e.g. "noindex,nofollow" or
   * "index,follow".
   */
  public String describe() {
    return (noIndex ? "noindex" : "index") + "," + (noFollow ? "nofollow" : "follow");
  }
}
