package org.trawler.core.net.filter;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLParts;

/**
 * Rejects URLs whose path has more than {@code urlfilter.depth.max} non-empty segments ({@code
 * /a/b/c.html} has 3, {@code /a/b/} has 2); -1 turns the filter off.
 */
public class DepthURLFilter extends ConfiguredRules<Integer> implements URLFilter {
  public DepthURLFilter() {
    super(-1);
  }

  @Override
  protected Integer readRules(Configuration conf) {
    return Settings.getInt(conf, NetKeys.DEPTH_FILTER_MAX, NetKeys.DEFAULT_DEPTH_FILTER_MAX);
  }

  @Override
  public String filter(String url) {
    int max = rules();
    if (max < 0) {
      return url;
    }
    String path = URLParts.path(url);
    return path == null || segments(path) <= max ? url : null;
  }

  /** The number of non-empty '/'-separated segments. */
  static int segments(String path) {
    int count = 0;
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) != '/' && (i == 0 || path.charAt(i - 1) == '/')) {
        count++;
      }
    }
    return count;
  }
}
