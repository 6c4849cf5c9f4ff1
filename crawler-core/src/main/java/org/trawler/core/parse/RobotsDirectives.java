package org.trawler.core.parse;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a page's {@code <meta name=robots>} (or {@code <meta name=our-agent>}) tags and X-Robots-Tag
 * headers allow: noindex (keep no text), nofollow (follow no links), nosnippet (show no snippet),
 * noarchive (may be kept out of WARC export). {@code none} means noindex and nofollow, {@code all}
 * nothing.
 */
public record RobotsDirectives(
    boolean present, boolean noIndex, boolean noFollow, boolean noSnippet, boolean noArchive) {
  public static final RobotsDirectives NONE =
      new RobotsDirectives(false, false, false, false, false);

  /**
   * Directives that take a value after a colon; any other "name:" prefixes directives for one
   * agent.
   */
  private static final Set<String> VALUED =
      Set.of("unavailable_after", "max-snippet", "max-image-preview", "max-video-preview");

  /** Adds a meta robots content value such as "noindex, nofollow". */
  public RobotsDirectives withMeta(String content) {
    return with(content, List.of());
  }

  /**
   * Adds an X-Robots-Tag header value. Directives after an agent prefix ("googlebot: noindex") are
   * for that agent only: kept when it is one of {@code agents} (lower case), else ignored.
   */
  public RobotsDirectives withHeader(String value, List<String> agents) {
    return with(value, agents);
  }

  /** Adds an X-Robots-Tag header value, keeping no agent-scoped directive. */
  public RobotsDirectives withHeader(String value) {
    return with(value, List.of());
  }

  /** Both sets of directives: each one set in either. */
  public RobotsDirectives and(RobotsDirectives other) {
    return new RobotsDirectives(
        present || other.present,
        noIndex || other.noIndex,
        noFollow || other.noFollow,
        noSnippet || other.noSnippet,
        noArchive || other.noArchive);
  }

  private RobotsDirectives with(String value, List<String> agents) {
    if (value == null) {
      return this;
    }
    boolean index = noIndex;
    boolean follow = noFollow;
    boolean snippet = noSnippet;
    boolean archive = noArchive;
    boolean ours = true;
    for (String token : value.split(",")) {
      String directive = token.trim().toLowerCase(Locale.ROOT);
      int colon = directive.indexOf(':');
      if (colon > 0) {
        String name = directive.substring(0, colon).trim();
        if (VALUED.contains(name)) {
          continue;
        }
        // an agent scope: the rest of this value is for that crawler
        ours = agents.contains(name);
        directive = directive.substring(colon + 1).trim();
      }
      if (!ours) {
        continue;
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
        case "nosnippet":
          snippet = true;
          break;
        case "noarchive":
          archive = true;
          break;
        default:
          break; // all, index, follow, ... change nothing we do
      }
    }
    return new RobotsDirectives(true, index, follow, snippet, archive);
  }

  /**
   * The effective directives as stored in the parse metadata, e.g. "noindex,nofollow" or
   * "index,follow".
   */
  public String describe() {
    return (noIndex ? "noindex" : "index") + "," + (noFollow ? "nofollow" : "follow");
  }
}
