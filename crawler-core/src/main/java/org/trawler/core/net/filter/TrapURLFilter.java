package org.trawler.core.net.filter;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLParts;

/**
 * Holds back URLs shaped like crawler traps: too long, too deep, too many query parameters, or a
 * path segment repeated (a relative link resolved against its own page again and again gives
 * /a/b/a/b/a/b). Every cap is far above what a real page's URL needs (long Wikipedia titles, shop
 * URLs with a dozen facets, deep documentation trees pass); -1 turns one off. The reason of a
 * rejection is {@link #reason}.
 */
public class TrapURLFilter extends ConfiguredRules<TrapURLFilter.Caps> implements URLFilter {

  /** The caps; -1 = none. */
  public record Caps(int length, int depth, int params, int repeats) {}

  public TrapURLFilter() {
    super(new Caps(-1, -1, -1, -1));
  }

  @Override
  protected Caps readRules(Configuration conf) {
    return new Caps(
        Settings.getInt(conf, NetKeys.TRAP_LENGTH_MAX, NetKeys.DEFAULT_TRAP_LENGTH_MAX),
        Settings.getInt(conf, NetKeys.TRAP_DEPTH_MAX, NetKeys.DEFAULT_TRAP_DEPTH_MAX),
        Settings.getInt(conf, NetKeys.TRAP_PARAMS_MAX, NetKeys.DEFAULT_TRAP_PARAMS_MAX),
        Settings.getInt(conf, NetKeys.TRAP_REPEATS, NetKeys.DEFAULT_TRAP_REPEATS));
  }

  @Override
  public String filter(String url) {
    return reason(url) == null ? url : null;
  }

  @Override
  public String rejectingRule(String url) {
    TrapReason reason = reason(url);
    return reason == null ? "" : reason.reasonName();
  }

  /** Why {@code url} is held back, or null when it passes every cap. */
  public TrapReason reason(String url) {
    Caps caps = rules();
    if (caps.length() >= 0 && url.length() > caps.length()) {
      return TrapReason.URL_TOO_LONG;
    }
    URLParts parts = URLParts.of(url);
    String path = url.substring(parts.pathStart(), parts.pathEnd());
    if (caps.depth() >= 0 && DepthURLFilter.segments(path) > caps.depth()) {
      return TrapReason.PATH_TOO_DEEP;
    }
    if (caps.params() >= 0
        && parts.hasQuery()
        && params(url, parts.pathEnd() + 1, parts.queryEnd()) > caps.params()) {
      return TrapReason.TOO_MANY_PARAMS;
    }
    if (caps.repeats() > 0 && mostRepeats(path) >= caps.repeats()) {
      return TrapReason.REPEATING_PATH;
    }
    return null;
  }

  /** The non-empty '&amp;'-separated parameters of the query {@code url[from, to)}. */
  static int params(String url, int from, int to) {
    int count = 0;
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || url.charAt(i) == '&') {
        if (i > start) {
          count++;
        }
        start = i + 1;
      }
    }
    return count;
  }

  /** How often the most frequent non-empty segment of {@code path} occurs in it. */
  static int mostRepeats(String path) {
    Map<String, Integer> seen = new HashMap<>();
    int most = 0;
    for (String segment : path.split("/")) {
      if (!segment.isEmpty()) {
        most = Math.max(most, seen.merge(segment, 1, Integer::sum));
      }
    }
    return most;
  }
}
