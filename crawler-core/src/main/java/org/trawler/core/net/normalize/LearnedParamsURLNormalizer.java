package org.trawler.core.net.normalize;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLParts;
import org.trawler.core.store.PartFiles;

/**
 * Drops the query parameters updatehostdb learned irrelevant on a URL's host (their values gave
 * near-duplicate pages: visit ids, tracking parameters under names no list knows), on that host
 * only. The view of the host database is read once, when the normalizer gets its configuration,
 * from the installed hostdb version that {@code urlnormalizer.learned.hostdb} names (the jobs set
 * it for their tasks); only hosts with learned parameters are kept. Unset, it changes nothing.
 */
public class LearnedParamsURLNormalizer extends ConfiguredRules<Map<String, Set<String>>>
    implements URLNormalizer {
  /** Set by {@link #of}, for callers that hold the view already; else the configuration's. */
  private Map<String, Set<String>> view;

  public LearnedParamsURLNormalizer() {
    super(Map.of());
  }

  /** A normalizer with this view of the host database (host → parameter names). */
  public static LearnedParamsURLNormalizer of(Map<String, Set<String>> learned) {
    LearnedParamsURLNormalizer n = new LearnedParamsURLNormalizer();
    n.view = Map.copyOf(learned);
    return n;
  }

  @Override
  protected Map<String, Set<String>> readRules(Configuration conf) {
    String current = conf.getTrimmed(NetKeys.LEARNED_HOSTDB, "");
    if (current.isEmpty()) {
      return Map.of();
    }
    Map<String, Set<String>> learned = new HashMap<>();
    try {
      PartFiles.read(
          conf,
          new Path(current),
          new Text(),
          new HostDatum(),
          (host, datum) -> {
            if (!datum.getIrrelevantParams().isEmpty()) {
              learned.put(host.toString(), Set.copyOf(datum.getIrrelevantParams().keySet()));
            }
          });
    } catch (IOException | UserException e) {
      throw new BadSettingException(NetKeys.LEARNED_HOSTDB, "cannot read " + current, e);
    }
    return Map.copyOf(learned);
  }

  /** The learned parameters per host. */
  public Map<String, Set<String>> learned() {
    return view != null ? view : rules();
  }

  @Override
  public String normalize(String url, String scope) {
    Map<String, Set<String>> learned = learned();
    if (learned.isEmpty()) {
      return url;
    }
    URLParts parts = URLParts.of(url);
    if (!parts.hasQuery()) {
      return url;
    }
    Set<String> names = learned.get(URLParts.host(url));
    return names == null ? url : dropped(url, parts.pathEnd(), parts.queryEnd(), names);
  }

  /**
   * {@code url} without the parameters named {@code names} in its query {@code [question, end)}.
   */
  static String dropped(String url, int question, int end, Set<String> names) {
    StringBuilder out = new StringBuilder(url.length());
    out.append(url, 0, question);
    boolean first = true;
    int start = question + 1;
    while (start <= end) {
      int amp = url.indexOf('&', start);
      int stop = amp < 0 || amp > end ? end : amp;
      int equals = url.indexOf('=', start);
      int nameEnd = equals < 0 || equals > stop ? stop : equals;
      if (stop > start && !names.contains(url.substring(start, nameEnd))) {
        out.append(first ? '?' : '&').append(url, start, stop);
        first = false;
      }
      start = stop + 1;
    }
    return out.append(url, end, url.length()).toString();
  }
}
