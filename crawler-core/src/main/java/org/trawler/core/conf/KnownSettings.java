package org.trawler.core.conf;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.util.ConfigUtil;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The settings Trawler and Hadoop know: every key of trawler-default.xml (read from the classpath,
 * so keys other modules add are known at once) and of Hadoop's own default resources, each with its
 * default, type and description. It checks a configuration before a command runs: a Trawler setting
 * holding a value its declared {@code <type>} does not allow (a boolean, integer, decimal, size or
 * one of an enum's values) or any value for a secret (see {@link Secrets}) is a {@link
 * BadSettingException}, and a key set by -D or a site file that nobody knows is reported with the
 * nearest known names.
 */
public final class KnownSettings {
  /** Hadoop's default resources, the keys Hadoop knows. */
  static final List<String> HADOOP_DEFAULTS =
      List.of("core-default.xml", "hdfs-default.xml", "mapred-default.xml", "yarn-default.xml");

  /** The source Hadoop's GenericOptionsParser gives a -D key. */
  static final String COMMAND_LINE = "from command line";

  private static final Pattern WHOLE = Pattern.compile("-?\\d+");
  private static final Pattern DECIMAL = Pattern.compile("-?\\d*\\.\\d+");

  /** The types a {@code <type>} element of trawler-default.xml may name; enums as "enum: a|b". */
  public static final List<String> TYPES =
      List.of("boolean", "integer", "decimal", "size", "string", "enum", "secret");

  private static final String ENUM_PREFIX = "enum:";

  /**
   * One documented setting; {@code type} is its {@code <type>} element (Hadoop's Configuration
   * ignores elements it does not know), empty when the resource declares none.
   */
  public record Setting(
      String name, String defaultValue, String type, String description, String resource) {

    /** An enum's allowed values, in the order declared; empty for other types. */
    public List<String> allowed() {
      if (!type.startsWith(ENUM_PREFIX)) {
        return List.of();
      }
      List<String> values = new ArrayList<>();
      for (String v : type.substring(ENUM_PREFIX.length()).split("\\|")) {
        if (!v.isBlank()) {
          values.add(v.strip());
        }
      }
      return values;
    }

    /** The type's name: one of {@link #TYPES}, or what the resource wrote when it is not one. */
    public String typeName() {
      return type.startsWith(ENUM_PREFIX) ? "enum" : type;
    }
  }

  /** One key of a configuration as the user sees it: value, where it came from, what it does. */
  public record InEffect(String name, String value, String source, String description) {}

  private final Map<String, Setting> trawler;
  private Map<String, Setting> hadoop;

  private KnownSettings(Map<String, Setting> trawler) {
    this.trawler = trawler;
  }

  /** Trawler's documented settings, read from the classpath. */
  public static KnownSettings load() {
    return new KnownSettings(read(CrawlerConfiguration.DEFAULT_RESOURCE));
  }

  /** Trawler's keys, in the order of trawler-default.xml. */
  public Map<String, Setting> trawler() {
    return Collections.unmodifiableMap(trawler);
  }

  /** Hadoop's keys, read on first use (they are many). */
  public Map<String, Setting> hadoop() {
    if (hadoop == null) {
      hadoop = new LinkedHashMap<>();
      for (String resource : HADOOP_DEFAULTS) {
        hadoop.putAll(read(resource));
      }
    }
    return Collections.unmodifiableMap(hadoop);
  }

  /**
   * Checks a configuration before anything runs: every typed Trawler setting must hold a value of
   * its type (BadSettingException otherwise), and every key set by -D or a site file must be known
   * (what happens otherwise is {@code conf.unknown.keys}). Returns the warnings to print.
   */
  public List<String> check(Configuration conf) {
    for (Setting s : trawler.values()) {
      checkType(conf, s);
    }
    String mode =
        conf.getTrimmed(ConfKeys.UNKNOWN_KEYS, ConfKeys.DEFAULT_UNKNOWN_KEYS)
            .toLowerCase(Locale.ROOT);
    List<String> warnings = new ArrayList<>();
    for (Map.Entry<String, String> e : conf) {
      String key = e.getKey();
      if (!setByUser(conf, key) || trawler.containsKey(key)) {
        continue;
      }
      Setting h = hadoop().get(key);
      if (h != null) {
        if (isBoolean(h.defaultValue())) {
          Settings.getBoolean(conf, key, false);
        }
        continue;
      }
      if (mode.equals("ignore") || isKnown(key)) {
        continue;
      }
      String problem =
          "unknown setting, neither Trawler's nor Hadoop's"
              + NearestNames.didYouMean(key, allNames(), "");
      if (mode.equals("fail")) {
        throw new BadSettingException(key, problem);
      }
      warnings.add(key + ": " + problem);
    }
    return warnings;
  }

  /** The settings in effect whose name or description holds {@code pattern} (any case). */
  public List<InEffect> inEffect(Configuration conf, String pattern) {
    String p = pattern == null ? "" : pattern.toLowerCase(Locale.ROOT);
    Map<String, InEffect> shown = new LinkedHashMap<>();
    for (Setting s : trawler.values()) {
      shown.put(
          s.name(),
          new InEffect(s.name(), conf.get(s.name()), source(conf, s.name()), s.description()));
    }
    for (Map.Entry<String, String> e : conf) {
      String key = e.getKey();
      if (!shown.containsKey(key) && setByUser(conf, key)) {
        Setting h = hadoop().get(key);
        shown.put(
            key,
            new InEffect(
                key,
                conf.get(key),
                source(conf, key),
                h == null ? "(unknown setting)" : h.description()));
      }
    }
    // the keys named by the pattern first (conf delay: fetcher.server.delay), then the keys only
    // their description mentions
    List<InEffect> matching = new ArrayList<>();
    List<InEffect> described = new ArrayList<>();
    for (InEffect s : shown.values()) {
      if (s.name().toLowerCase(Locale.ROOT).contains(p)) {
        matching.add(s);
      } else if (s.description().toLowerCase(Locale.ROOT).contains(p)) {
        described.add(s);
      }
    }
    matching.addAll(described);
    return matching;
  }

  /** Where a key's value came from: default, trawler-site.xml, -D, or the file that set it. */
  static String source(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null || sources.length == 0) {
      return "default";
    }
    String last = sources[sources.length - 1];
    if (last.equals(COMMAND_LINE)) {
      return "-D";
    }
    if (last.endsWith("-default.xml")) {
      return "default";
    }
    return last;
  }

  /**
   * Whether the user set the key: on the command line, in trawler-site.xml or a -conf file (not
   * Hadoop's own site files, which are the cluster's, nor the code).
   */
  private static boolean setByUser(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null || sources.length == 0) {
      return false;
    }
    String last = sources[sources.length - 1];
    if (last.equals(COMMAND_LINE) || last.endsWith(CrawlerConfiguration.SITE_RESOURCE)) {
      return true;
    }
    return last.endsWith(".xml")
        && !last.endsWith("-default.xml")
        && !List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml")
            .contains(last);
  }

  /**
   * A key of a family a known key names, such as urlnormalizer.order.inject (urlnormalizer.order
   * per scope), or one Hadoop renamed.
   */
  private boolean isKnown(String key) {
    ConfigUtil.loadResources(); // MapReduce's old key names, as JobConf registers them
    if (Configuration.isDeprecated(key)) {
      return true;
    }
    for (int dot = key.lastIndexOf('.'); dot > 0; dot = key.lastIndexOf('.', dot - 1)) {
      String prefix = key.substring(0, dot);
      if (trawler.containsKey(prefix) || hadoop().containsKey(prefix)) {
        return true;
      }
    }
    return false;
  }

  private List<String> allNames() {
    List<String> names = new ArrayList<>(trawler.keySet());
    names.addAll(hadoop().keySet());
    return names;
  }

  /**
   * The declared type decides; a key a module added without a {@code <type>} (KnownSettingsTest
   * fails for it) is typed by its default as before: a boolean, a whole or a decimal number.
   */
  private static void checkType(Configuration conf, Setting s) {
    String type = s.typeName();
    if (type.isEmpty()) {
      String d = s.defaultValue();
      type =
          isBoolean(d)
              ? "boolean"
              : WHOLE.matcher(d).matches()
                  ? "integer"
                  : DECIMAL.matcher(d).matches() ? "decimal" : "string";
    }
    switch (type) {
      case "boolean" -> Settings.getBoolean(conf, s.name(), false);
      case "integer" -> Settings.getLong(conf, s.name(), 0);
      case "decimal" -> Settings.getDouble(conf, s.name(), 0);
      case "size" -> Settings.getBytes(conf, s.name(), 0);
      case "enum" -> checkEnum(conf, s);
      case "secret" -> Secrets.refuseInConfiguration(conf, s.name()); // job.xml would show it
      default -> {
        // a string: any value
      }
    }
  }

  /** An enum's value must be one of its values (in any case, as the readers compare them). */
  private static void checkEnum(Configuration conf, Setting s) {
    String value = conf.getTrimmed(s.name());
    if (value == null) {
      return;
    }
    for (String allowed : s.allowed()) {
      if (allowed.equalsIgnoreCase(value)) {
        return;
      }
    }
    throw new BadSettingException(
        s.name(), "'" + value + "' is not one of " + String.join(", ", s.allowed()));
  }

  private static boolean isBoolean(String value) {
    return value.equals("true") || value.equals("false");
  }

  /** The properties of a configuration resource on the classpath (none when it is absent). */
  private static Map<String, Setting> read(String resource) {
    Map<String, Setting> settings = new LinkedHashMap<>();
    URL url = CrawlerConfiguration.resourceLoader().getResource(resource);
    if (url == null) {
      return settings;
    }
    try (InputStream in = url.openStream()) {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      NodeList properties = f.newDocumentBuilder().parse(in).getElementsByTagName("property");
      for (int i = 0; i < properties.getLength(); i++) {
        Element p = (Element) properties.item(i);
        String name = child(p, "name");
        if (!name.isEmpty()) {
          settings.put(
              name,
              new Setting(
                  name,
                  child(p, "value"),
                  child(p, "type"),
                  child(p, "description").replaceAll("\\s+", " ").strip(),
                  resource));
        }
      }
    } catch (IOException
        | javax.xml.parsers.ParserConfigurationException
        | org.xml.sax.SAXException e) {
      throw new IllegalStateException("cannot read " + url, e);
    }
    return settings;
  }

  private static String child(Element e, String tag) {
    NodeList list = e.getElementsByTagName(tag);
    if (list.getLength() == 0) {
      return "";
    }
    Node n = list.item(0);
    return n.getTextContent().strip();
  }
}
