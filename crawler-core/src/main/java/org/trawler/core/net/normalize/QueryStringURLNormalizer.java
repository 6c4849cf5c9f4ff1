package org.trawler.core.net.normalize;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLNormalizer;

/**
 * Puts query parameters in a canonical order (by name; parameters of the same name keep their
 * order, since {@code a=1&a=2} may mean a list), drops empty ones and the session-id parameters
 * named by {@code urlnormalizer.querystring.drop} (case-insensitive), and drops the '?' when
 * nothing is left. The fragment, if any, is kept as it was.
 */
public class QueryStringURLNormalizer extends ConfiguredRules<Set<String>>
    implements URLNormalizer {
  public QueryStringURLNormalizer() {
    super(Collections.emptySet());
  }

  @Override
  protected Set<String> readRules(Configuration conf) {
    Set<String> names = new HashSet<>();
    for (String name : conf.getTrimmedStrings(NetKeys.QUERYSTRING_DROP)) {
      if (!name.isEmpty()) {
        names.add(name.toLowerCase(Locale.ROOT));
      }
    }
    return Collections.unmodifiableSet(names);
  }

  @Override
  public String normalize(String url, String scope) {
    int hash = url.indexOf('#');
    int queryEnd = hash < 0 ? url.length() : hash;
    int question = url.indexOf('?');
    if (question < 0 || question > queryEnd) {
      return url;
    }
    List<String> params = new ArrayList<>();
    int start = question + 1;
    while (start <= queryEnd) {
      int amp = url.indexOf('&', start);
      int end = amp < 0 || amp > queryEnd ? queryEnd : amp;
      if (end > start && !isDropped(url, start, end)) {
        params.add(url.substring(start, end));
      }
      start = end + 1;
    }
    params.sort(QueryStringURLNormalizer::compareNames); // List.sort is stable
    StringBuilder out = new StringBuilder(url.length());
    out.append(url, 0, question);
    for (int i = 0; i < params.size(); i++) {
      out.append(i == 0 ? '?' : '&').append(params.get(i));
    }
    out.append(url, queryEnd, url.length());
    return out.toString();
  }

  private boolean isDropped(String url, int start, int end) {
    Set<String> dropped = rules();
    if (dropped.isEmpty()) {
      return false;
    }
    int equals = url.indexOf('=', start);
    int nameEnd = equals < 0 || equals > end ? end : equals;
    return dropped.contains(url.substring(start, nameEnd).toLowerCase(Locale.ROOT));
  }

  private static int compareNames(String a, String b) {
    int aEnd = nameEnd(a);
    int bEnd = nameEnd(b);
    int n = Math.min(aEnd, bEnd);
    for (int i = 0; i < n; i++) {
      int d = a.charAt(i) - b.charAt(i);
      if (d != 0) {
        return d;
      }
    }
    return aEnd - bEnd;
  }

  private static int nameEnd(String param) {
    int equals = param.indexOf('=');
    return equals < 0 ? param.length() : equals;
  }
}
