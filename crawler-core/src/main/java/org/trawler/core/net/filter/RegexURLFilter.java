package org.trawler.core.net.filter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFile;
import org.trawler.core.net.URLFilter;

/**
 * Accepts or rejects URLs by the rules of {@code urlfilter.regex.file} (regex-urlfilter.txt): a
 * line {@code +regex} accepts, {@code -regex} rejects the URLs in which the regex is found; the
 * first rule that matches decides, and a URL no rule matches is rejected.
 */
public class RegexURLFilter extends ConfiguredRules<List<RegexURLFilter.Rule>>
    implements URLFilter {
  /** One rule line, compiled. */
  record Rule(boolean accept, Pattern pattern, int line, String text) {}

  public RegexURLFilter() {
    super(Collections.emptyList());
  }

  @Override
  protected List<Rule> readRules(Configuration conf) {
    return compile(RuleFile.of(conf, NetKeys.REGEX_FILTER_FILE));
  }

  @Override
  public String filter(String url) {
    for (Rule rule : rules()) {
      if (rule.pattern().matcher(url).find()) {
        return rule.accept() ? url : null;
      }
    }
    return null;
  }

  @Override
  public String rejectingRule(String url) {
    for (Rule rule : rules()) {
      if (rule.pattern().matcher(url).find()) {
        return "line " + rule.line() + ": " + rule.text();
      }
    }
    return "no rule matches";
  }

  static List<Rule> compile(RuleFile file) {
    List<Rule> rules = new ArrayList<>();
    for (RuleFile.Line line : file.lines()) {
      char sign = line.text().charAt(0);
      if (sign != '+' && sign != '-') {
        throw file.error(
            line.number(), "a rule starts with + (accept) or - (reject): " + line.text());
      }
      String regex = line.text().substring(1).strip();
      if (regex.isEmpty()) {
        throw file.error(line.number(), "no regex after " + sign);
      }
      try {
        rules.add(new Rule(sign == '+', Pattern.compile(regex), line.number(), line.text()));
      } catch (PatternSyntaxException e) {
        throw file.error(line.number(), "bad regex: " + e.getDescription() + " in " + regex);
      }
    }
    return Collections.unmodifiableList(rules);
  }
}
