package org.trawler.core.net.filter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFile;
import org.trawler.core.net.URLFilter;

/**
 * Accepts the URLs that start with one of the prefixes of {@code urlfilter.prefix.file}
 * (prefix-urlfilter.txt, one per line, case-sensitive); an empty file accepts every URL.
 */
public class PrefixURLFilter extends ConfiguredRules<String[]> implements URLFilter {
  public PrefixURLFilter() {
    super(new String[0]);
  }

  /**
   * Sorted, and no entry is a prefix of another: then only the greatest entry ≤ a URL can match.
   */
  @Override
  protected String[] readRules(Configuration conf) {
    return readPrefixes(RuleFile.of(conf, NetKeys.PREFIX_FILTER_FILE));
  }

  @Override
  public String filter(String url) {
    String[] sorted = rules();
    if (sorted.length == 0) {
      return url;
    }
    int i = Arrays.binarySearch(sorted, url);
    if (i >= 0) {
      return url;
    }
    int floor = -i - 2;
    return floor >= 0 && url.startsWith(sorted[floor]) ? url : null;
  }

  @Override
  public String rejectingRule(String url) {
    return "no listed prefix matches";
  }

  static String[] readPrefixes(RuleFile file) {
    TreeSet<String> all = new TreeSet<>();
    for (RuleFile.Line line : file.lines()) {
      all.add(line.text());
    }
    List<String> minimal = new ArrayList<>();
    for (String prefix : all) {
      // In sorted order a string's extensions follow it directly, so comparing with the last kept
      // suffices.
      if (minimal.isEmpty() || !prefix.startsWith(minimal.get(minimal.size() - 1))) {
        minimal.add(prefix);
      }
    }
    return minimal.toArray(new String[0]);
  }
}
