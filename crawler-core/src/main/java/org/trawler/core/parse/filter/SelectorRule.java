package org.trawler.core.parse.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.RuleFile;

/**
 * One line of the selector rules file: on pages whose URL matches {@code pattern} (found anywhere
 * in it, as regex-urlfilter does), the field {@code field} takes the text or an attribute of the
 * first element ({@code one}) or of all elements ({@code all}) a CSS or XPath selector finds:
 *
 * <pre>
 * # url-pattern               field    one|all  text|@attr  css|xpath  selector (to the end)
 * https://shop\.example/p/   price    one      text        css        .price
 * </pre>
 */
record SelectorRule(
    int line,
    Pattern pattern,
    String field,
    boolean all,
    String attribute,
    Evaluator css,
    String xpath) {

  /** Field names the parse already uses in parse_data; a rule may not take them. */
  private static final Set<String> RESERVED =
      Set.of(
          ParseData.META_CANONICAL,
          ParseData.META_REFRESH,
          ParseData.META_FEED,
          ParseData.META_FINGERPRINT,
          ParseData.META_TYPE,
          ParseData.META_REASON,
          ParseData.META_FIELDS,
          ParseData.META_LANG,
          ParseData.META_LANGUAGES,
          "charset",
          "robots");

  /** Reads one rule line; a mistake is a BadSettingException naming the file and the line. */
  static SelectorRule parse(RuleFile file, RuleFile.Line line) {
    String[] parts = line.text().split("\\s+", 6);
    if (parts.length < 6) {
      throw file.error(
          line.number(),
          "expected: url-pattern field one|all text|@attribute css|xpath selector, not \""
              + line.text()
              + "\"");
    }
    Pattern pattern;
    try {
      pattern = Pattern.compile(parts[0]);
    } catch (PatternSyntaxException e) {
      throw file.error(line.number(), "bad URL pattern " + parts[0] + ": " + e.getDescription());
    }
    String field = parts[1];
    if (!field.matches("[A-Za-z][A-Za-z0-9_.:-]*") || RESERVED.contains(field)) {
      throw file.error(
          line.number(),
          "field \""
              + field
              + "\" must be a name of letters, digits and _.:- not one of "
              + RESERVED);
    }
    String count = parts[2].toLowerCase(Locale.ROOT);
    if (!count.equals("one") && !count.equals("all")) {
      throw file.error(line.number(), "expected one or all, not \"" + parts[2] + "\"");
    }
    String attribute;
    if (parts[3].equalsIgnoreCase("text")) {
      attribute = null;
    } else if (parts[3].startsWith("@") && parts[3].length() > 1) {
      attribute = parts[3].substring(1);
    } else {
      throw file.error(line.number(), "expected text or @attribute, not \"" + parts[3] + "\"");
    }
    String kind = parts[4].toLowerCase(Locale.ROOT);
    String selector = parts[5].strip();
    try {
      if (kind.equals("css")) {
        return new SelectorRule(
            line.number(),
            pattern,
            field,
            count.equals("all"),
            attribute,
            QueryParser.parse(selector),
            null);
      } else if (kind.equals("xpath")) {
        org.jsoup.Jsoup.parse("").selectXpath(selector); // fails now on a bad expression
        return new SelectorRule(
            line.number(), pattern, field, count.equals("all"), attribute, null, selector);
      }
    } catch (Selector.SelectorParseException | IllegalArgumentException e) {
      throw file.error(
          line.number(), "bad " + kind + " selector " + selector + ": " + e.getMessage());
    }
    throw file.error(line.number(), "expected css or xpath, not \"" + parts[4] + "\"");
  }

  /** Whether the rule applies to the page at {@code url}. */
  boolean appliesTo(String url) {
    return pattern.matcher(url).find();
  }

  /** The values the rule takes from {@code doc}: blank ones left out, at most one unless all. */
  List<String> values(Document doc, int maxValues) {
    Elements found = css != null ? doc.select(css) : doc.selectXpath(xpath);
    List<String> values = new ArrayList<>();
    for (Element e : found) {
      String v = attribute == null ? e.text() : e.attr(attribute);
      if (!v.isBlank()) {
        values.add(v);
        if (!all || values.size() >= maxValues) {
          break;
        }
      }
    }
    return values;
  }

  /** How check shows the rule: its line and what it does. */
  String describe() {
    return "line "
        + line
        + " "
        + field
        + " <- "
        + (all ? "all " : "one ")
        + (attribute == null ? "text" : "@" + attribute)
        + " of "
        + (css != null ? "css " + css : "xpath " + xpath);
  }
}
