package org.trawler.core.parse;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a page's {@code <meta name=robots>} (or {@code <meta name=our-agent>}) tags and X-Robots-Tag
 * headers allow: noindex (keep no text), nofollow (follow no links), nosnippet (show no snippet),
 * noarchive (may be kept out of WARC export). {@code none} means noindex and nofollow, {@code all}
 * nothing. {@code unavailable_after: <date>} and {@code max-snippet: <n>} are kept as written (null
 * when absent): {@link PageSignals} reads their values, where a bad one is noted.
 */
public record RobotsDirectives(
    boolean present,
    boolean noIndex,
    boolean noFollow,
    boolean noSnippet,
    boolean noArchive,
    String unavailableAfter,
    String maxSnippet) {
  public static final RobotsDirectives NONE =
      new RobotsDirectives(false, false, false, false, false, null, null);

  private static final String UNAVAILABLE_AFTER = "unavailable_after";
  private static final String MAX_SNIPPET = "max-snippet";

  /**
   * Directives that take a value after a colon; any other "name:" prefixes directives for one
   * agent.
   */
  private static final Set<String> VALUED =
      Set.of(UNAVAILABLE_AFTER, MAX_SNIPPET, "max-image-preview", "max-video-preview");

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
        noArchive || other.noArchive,
        unavailableAfter != null ? unavailableAfter : other.unavailableAfter,
        maxSnippet != null ? maxSnippet : other.maxSnippet);
  }

  private RobotsDirectives with(String value, List<String> agents) {
    if (value == null) {
      return this;
    }
    boolean index = noIndex;
    boolean follow = noFollow;
    boolean snippet = noSnippet;
    boolean archive = noArchive;
    String after = unavailableAfter;
    String snippetMax = maxSnippet;
    boolean ours = true;
    String[] tokens = value.split(",");
    for (int i = 0; i < tokens.length; i++) {
      String directive = tokens[i].trim();
      int colon = directive.indexOf(':');
      String name = colon > 0 ? directive.substring(0, colon).trim().toLowerCase(Locale.ROOT) : "";
      if (colon > 0 && !VALUED.contains(name)) {
        // an agent scope: the rest of this value is for that crawler
        ours = agents.contains(name);
        directive = directive.substring(colon + 1).trim();
        colon = directive.indexOf(':');
        name = colon > 0 ? directive.substring(0, colon).trim().toLowerCase(Locale.ROOT) : "";
      }
      if (!ours) {
        continue;
      }
      if (VALUED.contains(name)) {
        String v = directive.substring(colon + 1).trim();
        if (name.equals(UNAVAILABLE_AFTER)) {
          if (isWeekday(v) && i + 1 < tokens.length) {
            v = v + ", " + tokens[++i].trim(); // an RFC 850 / 1123 date has a comma of its own
          }
          after = v;
        } else if (name.equals(MAX_SNIPPET)) {
          snippetMax = v;
        }
        continue;
      }
      directive = directive.toLowerCase(Locale.ROOT);
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
    return new RobotsDirectives(true, index, follow, snippet, archive, after, snippetMax);
  }

  private static final Set<String> WEEKDAYS =
      Set.of(
          "mon",
          "tue",
          "wed",
          "thu",
          "fri",
          "sat",
          "sun",
          "monday",
          "tuesday",
          "wednesday",
          "thursday",
          "friday",
          "saturday",
          "sunday");

  /** "Sunday", "Sun": the start of a date whose comma split it from the rest. */
  private static boolean isWeekday(String v) {
    return WEEKDAYS.contains(v.toLowerCase(Locale.ROOT));
  }

  /**
   * The effective directives as stored in the parse metadata, e.g. "noindex,nofollow" or
   * "index,follow".
   */
  public String describe() {
    return (noIndex ? "noindex" : "index") + "," + (noFollow ? "nofollow" : "follow");
  }
}
