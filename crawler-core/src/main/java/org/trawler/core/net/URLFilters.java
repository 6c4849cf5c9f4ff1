package org.trawler.core.net;

import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.plugin.Plugins;

/** The composite filter: a URL passes when every filter of {@code urlfilter.order} passes it. */
public class URLFilters implements URLFilter {
  private final List<URLFilter> filters;

  public URLFilters(Configuration conf) {
    this.filters =
        Collections.unmodifiableList(
            Plugins.createAll(
                conf, NetKeys.FILTER_ORDER, conf.get(NetKeys.FILTER_ORDER, ""), URLFilter.class));
  }

  @Override
  public String filter(String url) {
    String result = url;
    for (URLFilter f : filters) {
      result = f.filter(result);
      if (result == null) {
        return null;
      }
    }
    return result;
  }

  /**
   * What {@link #filter} decides, and on a rejection which member (its simple class name) and which
   * of its rules rejected the URL: what urlcheck and check print.
   */
  public Verdict verdict(String url) {
    String result = url;
    for (URLFilter f : filters) {
      String next = f.filter(result);
      if (next == null) {
        return new Verdict(null, f.getClass().getSimpleName(), f.rejectingRule(result));
      }
      result = next;
    }
    return new Verdict(result, "", "");
  }

  /** The accepted (possibly rewritten) URL, or null with the rejecting filter and rule. */
  public record Verdict(String url, String filter, String rule) {
    public boolean accepted() {
      return url != null;
    }
  }

  public List<URLFilter> filters() {
    return filters;
  }
}
