package org.trawler.core.net.normalize;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFile;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLParts;

/**
 * Replaces a URL's host by the rules of {@code urlnormalizer.host.file} (host-normalize.txt), one
 * {@code pattern target} per line. A pattern is a host ({@code www.example.com}), a domain's
 * subdomains ({@code *.example.com}) or a host prefix ({@code www.*}); a {@code *} in the target
 * stands for what the pattern's {@code *} matched. One rule applies per URL: an exact host first,
 * then the longest matching {@code *.domain}, then the {@code prefix.*} rules in file order.
 */
public class HostURLNormalizer extends ConfiguredRules<HostURLNormalizer.Rules>
    implements URLNormalizer {
  /** The compiled rule file; immutable. */
  record Rules(Map<String, String> hosts, Map<String, String> domains, List<String[]> prefixes) {}

  public HostURLNormalizer() {
    super(new Rules(Map.of(), Map.of(), List.of()));
  }

  @Override
  protected Rules readRules(Configuration conf) {
    return compile(RuleFile.of(conf, NetKeys.HOST_NORMALIZER_FILE));
  }

  @Override
  public String normalize(String url, String scope) {
    String host = URLParts.host(url);
    if (host == null || host.isEmpty()) {
      return url;
    }
    String target = target(host, rules());
    return target == null || target.equals(host) ? url : URLParts.replaceHost(url, target);
  }

  /** The new host, or null when no rule matches. */
  static String target(String host, Rules rules) {
    String exact = rules.hosts().get(host);
    if (exact != null) {
      return exact;
    }
    if (!rules.domains().isEmpty()) {
      for (int dot = host.indexOf('.'); dot > 0; dot = host.indexOf('.', dot + 1)) {
        String domainTarget = rules.domains().get(host.substring(dot + 1));
        if (domainTarget != null) {
          return domainTarget.replace("*", host.substring(0, dot));
        }
      }
    }
    for (String[] prefix : rules.prefixes()) {
      if (host.length() > prefix[0].length() && host.startsWith(prefix[0])) {
        return prefix[1].replace("*", host.substring(prefix[0].length()));
      }
    }
    return null;
  }

  static Rules compile(RuleFile file) {
    Map<String, String> hosts = new HashMap<>();
    Map<String, String> domains = new HashMap<>();
    List<String[]> prefixes = new ArrayList<>();
    for (RuleFile.Line line : file.lines()) {
      String[] fields = line.text().toLowerCase(Locale.ROOT).split("\\s+");
      if (fields.length != 2) {
        throw file.error(line.number(), "expected 'pattern target', found: " + line.text());
      }
      String pattern = fields[0];
      String target = fields[1];
      int stars = pattern.length() - pattern.replace("*", "").length();
      if (stars > 1
          || target.indexOf('*') != target.lastIndexOf('*')
          || (stars == 0 && target.indexOf('*') >= 0)) {
        throw file.error(
            line.number(),
            "at most one * per pattern, and in the target only"
                + " when the pattern has one: "
                + line.text());
      }
      if (stars == 0) {
        hosts.putIfAbsent(pattern, target);
      } else if (pattern.startsWith("*.") && pattern.length() > 2) {
        domains.putIfAbsent(pattern.substring(2), target);
      } else if (pattern.endsWith(".*") && pattern.length() > 2) {
        prefixes.add(new String[] {pattern.substring(0, pattern.length() - 1), target});
      } else {
        throw file.error(
            line.number(),
            "a * must be a whole first or last label" + " (*.example.com, www.*): " + line.text());
      }
    }
    return new Rules(
        Collections.unmodifiableMap(hosts),
        Collections.unmodifiableMap(domains),
        Collections.unmodifiableList(prefixes));
  }
}
