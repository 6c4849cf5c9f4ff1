package org.trawler.core.net.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFile;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLParts;

/**
 * Rejects the URLs whose path ends with one of the suffixes of {@code urlfilter.suffix.file}
 * (suffix-urlfilter.txt, one per line), ignoring case; the query and fragment are not part of the
 * match, so {@code /a.jpg?w=100} is rejected by {@code .jpg} too.
 */
public class SuffixURLFilter extends ConfiguredRules<String[]> implements URLFilter {
  public SuffixURLFilter() {
    super(new String[0]);
  }

  @Override
  protected String[] readRules(Configuration conf) {
    return readSuffixes(RuleFile.of(conf, NetKeys.SUFFIX_FILTER_FILE));
  }

  @Override
  public String filter(String url) {
    return matchingSuffix(url) == null ? url : null;
  }

  @Override
  public String rejectingRule(String url) {
    String suffix = matchingSuffix(url);
    return suffix == null ? "" : "suffix " + suffix;
  }

  private String matchingSuffix(String url) {
    int end = URLParts.indexOfAny(url, 0, "?#");
    for (String suffix : rules()) {
      int start = end - suffix.length();
      if (start >= 0 && url.regionMatches(true, start, suffix, 0, suffix.length())) {
        return suffix;
      }
    }
    return null;
  }

  static String[] readSuffixes(RuleFile file) {
    List<String> suffixes = new ArrayList<>();
    for (RuleFile.Line line : file.lines()) {
      suffixes.add(line.text().toLowerCase(Locale.ROOT));
    }
    return suffixes.toArray(new String[0]);
  }
}
