package org.trawler.core.net;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** The composite filter: a URL passes when every filter of {@code urlfilter.order} passes it. */
public class URLFilters implements URLFilter {
  private final List<URLFilter> filters;

  public URLFilters(Configuration conf) {
    List<URLFilter> list = new ArrayList<>();
    for (String className : URLNormalizers.splitNames(conf.get(NetKeys.FILTER_ORDER, ""))) {
      list.add(URLNormalizers.newInstance(conf, NetKeys.FILTER_ORDER, className, URLFilter.class));
    }
    this.filters = Collections.unmodifiableList(list);
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

  public List<URLFilter> filters() {
    return filters;
  }
}
