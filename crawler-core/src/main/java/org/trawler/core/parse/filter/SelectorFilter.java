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
  /** Counter: a rule that applied to a page and gave its field a value. */
  static final String FIRED = "selector_rules_fired";

  /** Counter: a rule that applied to a page but found nothing. */
  static final String EMPTY = "selector_rules_empty";

  /** Values one "all" rule takes from one page. */
  private static final int MAX_VALUES = 100;

  private final List<SelectorRule> rules = new ArrayList<>();
  private int maxLength;

  @Override
  public void configure(Configuration conf) {
    RuleFile file = RuleFile.of(conf, FilterKeys.SELECTOR_RULES);
    for (RuleFile.Line line : file.lines()) {
      rules.add(SelectorRule.parse(file, line));
    }
    this.maxLength =
        Settings.getInt(conf, FilterKeys.VALUE_MAX_LENGTH, FilterKeys.DEFAULT_VALUE_MAX_LENGTH);
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
      List<String> values = rule.values(page.dom(), MAX_VALUES);
      int added = 0;
      for (String v : values) {
        String value = Whitespace.cap(Whitespace.collapse(v), maxLength);
        if (!value.isEmpty()) {
          page.add(rule.field(), value);
          added++;
        }
      }
      page.note(
          added > 0 ? FIRED : EMPTY,
          "rule " + rule.describe() + ": " + (added > 0 ? added + " value(s)" : "nothing found"));
    }
  }
}
