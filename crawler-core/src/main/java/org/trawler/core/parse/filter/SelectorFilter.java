package org.trawler.core.parse.filter;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.RuleFile;
import org.trawler.core.parse.ParseFilter;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.parse.Whitespace;

/**
 * Fields cut out of HTML pages by the rules of parsefilter.selectors.file ({@link SelectorRule}):
 * each rule whose URL pattern matches the page gives its field the text or attribute of the
 * elements its CSS or XPath selector finds; a rule that finds nothing leaves the field absent. Each
 * rule that applied is noted for check, with what it found.
 */
public class SelectorFilter implements ParseFilter {
  private final List<SelectorRule> rules = new ArrayList<>();
  private int maxLength;
  private int maxValues;

  @Override
  public void configure(Configuration conf) {
    RuleFile file = RuleFile.of(conf, FilterKeys.SELECTOR_RULES);
    for (RuleFile.Line line : file.lines()) {
      rules.add(SelectorRule.parse(file, line));
    }
    this.maxLength =
        Settings.getInt(conf, FilterKeys.VALUE_MAX_LENGTH, FilterKeys.DEFAULT_VALUE_MAX_LENGTH);
    this.maxValues =
        Settings.getInt(
            conf, FilterKeys.SELECTOR_MAX_VALUES, FilterKeys.DEFAULT_SELECTOR_MAX_VALUES);
  }

  @Override
  public void filter(ParsedPage page) {
    if (page.dom() == null || rules.isEmpty()) {
      return;
    }
    String url = page.url();
    for (SelectorRule rule : rules) {
      if (!rule.appliesTo(url)) {
        continue;
      }
      List<String> values = rule.values(page.dom(), maxValues + 1); // one more says it was cut
      if (values.size() > maxValues) {
        values = values.subList(0, maxValues);
        page.note(
            FilterCounter.SELECTOR_VALUES_LIMIT,
            "rule "
                + rule.describe()
                + ": more than "
                + maxValues
                + " value(s), the rest left out");
      }
      int added = 0;
      for (String v : values) {
        String value = Whitespace.cap(Whitespace.collapse(v), maxLength);
        if (!value.isEmpty()) {
          page.add(rule.field(), value);
          added++;
        }
      }
      page.note(
          added > 0 ? FilterCounter.SELECTOR_RULES_FIRED : FilterCounter.SELECTOR_RULES_EMPTY,
          "rule " + rule.describe() + ": " + (added > 0 ? added + " value(s)" : "nothing found"));
    }
  }
}
