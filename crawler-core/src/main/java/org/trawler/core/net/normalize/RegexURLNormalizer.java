package org.trawler.core.net.normalize;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.ConfiguredRules;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFile;
import org.trawler.core.net.URLNormalizer;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Rewrites URLs with the rules of {@code urlnormalizer.regex.file} (regex-normalize.xml), in file
 * order: every match of a rule's pattern is replaced by its substitution ({@code $1} refers to a
 * group). A rule with a {@code scope} attribute (comma-separated scopes) applies only there. The
 * file is read and compiled once, when configured: a task builds its normalizers once in setup(),
 * and a parser set shares its outlink normalizers ({@code ParseSetup}).
 */
public class RegexURLNormalizer extends ConfiguredRules<List<RegexURLNormalizer.Rule>>
    implements URLNormalizer {
  /** One rule; scopes is empty when the rule applies everywhere. */
  record Rule(Pattern pattern, String substitution, Set<String> scopes) {
    boolean appliesTo(String scope) {
      return scopes.isEmpty() || scopes.contains(scope);
    }
  }

  public RegexURLNormalizer() {
    super(Collections.emptyList());
  }

  @Override
  protected List<Rule> readRules(Configuration conf) {
    return compile(RuleFile.of(conf, NetKeys.REGEX_NORMALIZER_FILE));
  }

  @Override
  public String normalize(String url, String scope) {
    String result = url;
    for (Rule rule : rules()) {
      if (rule.appliesTo(scope)) {
        result = rule.pattern().matcher(result).replaceAll(rule.substitution());
      }
    }
    return result;
  }

  static List<Rule> compile(RuleFile file) {
    if (file.isUnset()) {
      return Collections.emptyList();
    }
    byte[] bytes;
    try (InputStream in = file.open()) {
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw file.error(0, "not a readable regex-normalize XML file: " + e.getMessage());
    }
    return compile(file, bytes);
  }

  /** Parses and compiles the rule file's {@code bytes}. */
  private static List<Rule> compile(RuleFile file, byte[] bytes) {
    Document document;
    try (InputStream in = new ByteArrayInputStream(bytes)) {
      document = newDocumentBuilder().parse(in);
    } catch (IOException | SAXException e) {
      throw file.error(0, "not a readable regex-normalize XML file: " + e.getMessage());
    }
    List<Rule> rules = new ArrayList<>();
    NodeList regexes = document.getDocumentElement().getElementsByTagName("regex");
    for (int i = 0; i < regexes.getLength(); i++) {
      Element regex = (Element) regexes.item(i);
      String pattern = childText(regex, "pattern");
      if (pattern == null || pattern.isEmpty()) {
        throw file.error(0, "rule " + (i + 1) + " has no <pattern>");
      }
      String substitution = childText(regex, "substitution");
      Set<String> scopes = new HashSet<>();
      for (String scope : regex.getAttribute("scope").split("[,\\s]+")) {
        if (!scope.isEmpty()) {
          scopes.add(scope);
        }
      }
      try {
        rules.add(
            new Rule(
                Pattern.compile(pattern),
                substitution == null ? "" : substitution,
                Collections.unmodifiableSet(scopes)));
      } catch (PatternSyntaxException e) {
        throw file.error(
            0, "rule " + (i + 1) + ": bad pattern: " + e.getDescription() + " in " + pattern);
      }
    }
    return Collections.unmodifiableList(rules);
  }

  /** The text of the first child element with that name, trimmed; null when absent. */
  private static String childText(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element && name.equals(n.getNodeName())) {
        return n.getTextContent().strip();
      }
    }
    return null;
  }

  private static DocumentBuilder newDocumentBuilder() {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      // A rule file is configuration, not a place for external entities.
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setExpandEntityReferences(false);
      DocumentBuilder builder = factory.newDocumentBuilder();
      builder.setErrorHandler(
          new DefaultHandler()); // throws on fatal errors instead of printing them
      return builder;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK's XML parser cannot be configured", e);
    }
  }
}
