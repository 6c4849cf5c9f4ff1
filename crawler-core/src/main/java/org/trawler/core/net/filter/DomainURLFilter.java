package org.trawler.core.net.filter;

import crawlercommons.domains.EffectiveTldFinder;
import java.net.IDN;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.HostGroup;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFile;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLParts;

/**
 * Accepts a URL when its host, its registered domain or its public suffix (both from the public
 * suffix list, through crawler-commons' {@link EffectiveTldFinder}) is listed in {@code
 * urlfilter.domain.file} (domain-urlfilter.txt, one name per line): {@code example.com} accepts
 * www.example.com, {@code de} every host under .de. An empty file accepts every URL.
 */
public class DomainURLFilter extends ConfiguredRules<Set<String>> implements URLFilter {
  public DomainURLFilter() {
    super(Collections.emptySet());
  }

  @Override
  protected Set<String> readRules(Configuration conf) {
    return readNames(RuleFile.of(conf, NetKeys.DOMAIN_FILTER_FILE));
  }

  @Override
  public String filter(String url) {
    Set<String> listed = rules();
    if (listed.isEmpty()) {
      return url;
    }
    String host = URLParts.host(url);
    if (host == null || host.isEmpty()) {
      return null;
    }
    host = withoutTrailingDot(host);
    if (listed.contains(host)) {
      return url;
    }
    if (listed.contains(HostGroup.domainOf(host))) {
      return url;
    }
    EffectiveTldFinder.EffectiveTLD suffix = EffectiveTldFinder.getEffectiveTLD(host);
    return suffix != null && listed.contains(suffix.getDomain()) ? url : null;
  }

  static Set<String> readNames(RuleFile file) {
    Set<String> names = new HashSet<>();
    for (RuleFile.Line line : file.lines()) {
      String name = withoutTrailingDot(line.text().toLowerCase(Locale.ROOT));
      try {
        names.add(IDN.toASCII(name, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw file.error(line.number(), "not a domain name: " + line.text());
      }
    }
    return Collections.unmodifiableSet(names);
  }

  private static String withoutTrailingDot(String host) {
    return host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
  }
}
