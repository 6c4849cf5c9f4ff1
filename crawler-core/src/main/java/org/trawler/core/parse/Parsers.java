package org.trawler.core.parse;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.plugin.Plugins;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.RobotsRules;

/**
 * The one place a fetched page meets its parser: detects its MIME type (parser.detector.class),
 * picks the parser parser.types names for it (parser.classes says which plug-in a name is) and
 * records the detected type in parse_data. Every parse runs under parser.timeout ({@link
 * ParseWorkers}), then the result goes to the parse filters (parsefilter.order). The parse job, the
 * fetcher's in-task parse and check all parse through it. Thread-safe; close it to close the
 * parsers.
 */
public class Parsers implements Closeable {
  /** A parser.types type that matches every type. */
  private static final String ANY = "*";

  private final TypeDetector detector;
  private final List<Rule> rules;
  private final Map<String, Parser> byName;
  private final Signature signature;
  private final ParseWorkers workers;
  private final ParseFilters filters;

  /** Our robots.txt agent names, for the X-Robots-Tag of documents other than HTML. */
  private final List<String> agents;

  private record Rule(String type, String parserName) {
    boolean matches(String mimeType) {
      if (type.equals(ANY)) {
        return true;
      }
      return type.endsWith("/*")
          ? mimeType.startsWith(type.substring(0, type.length() - 1))
          : type.equals(mimeType);
    }
  }

  public Parsers(Configuration conf) {
    this(conf, List.of());
  }

  /**
   * The parsers of a task that built some URL normalizers already ({@code given}: the hostdb's
   * learned parameters it read once in setup()): their outlink extractors take those members as
   * they are, rather than each reading the hostdb again.
   */
  public Parsers(Configuration conf, List<URLNormalizer> given) {
    ParseSetup setup = ParseSetup.forTask(conf, given);
    String classNames = conf.get(ParseKeys.CLASSES, ParseKeys.DEFAULT_CLASSES);
    Map<String, String> classes = classes(ParseKeys.CLASSES, classNames);
    this.rules = rules(conf.get(ParseKeys.TYPES, ParseKeys.DEFAULT_TYPES), classes, classNames);
    this.detector =
        Plugins.create(
            conf,
            setup.names(),
            ParseKeys.DETECTOR_CLASS,
            conf.get(ParseKeys.DETECTOR_CLASS, ParseKeys.DEFAULT_DETECTOR_CLASS),
            TypeDetector.class);
    this.signature = Signature.create(conf, setup.names());
    this.workers = ParseWorkers.fromConf(conf, signature);
    this.agents = RobotsRules.agents(conf);
    Map<String, Parser> parsers = new LinkedHashMap<>();
    try {
      for (Rule rule : rules) {
        if (!parsers.containsKey(rule.parserName())
            && !rule.parserName().equals(ParseKeys.NO_PARSER_VALUE)) {
          Parser parser =
              Plugins.newInstance(
                  ParseKeys.CLASSES,
                  Plugins.classOf(
                      conf,
                      setup.names(),
                      ParseKeys.CLASSES,
                      classes.get(rule.parserName()),
                      Parser.class));
          parser.configure(conf, setup);
          parsers.put(rule.parserName(), parser);
        }
      }
    } catch (RuntimeException e) {
      parsers.values().forEach(Parser::close);
      throw e;
    }
    this.byName = parsers;
    try {
      this.filters = new ParseFilters(conf, setup.names());
    } catch (RuntimeException e) {
      parsers.values().forEach(Parser::close);
      throw e;
    }
  }

  /**
   * Parses {@code content} with the parser of its detected type, then runs the parse filters on it;
   * never throws for bad content.
   */
  public ParseResult parse(Content content) {
    return parse(content, detect(content));
  }

  /** Parses {@code content}, whose type {@link #detect} found, with that type's parser. */
  public ParseResult parse(Content content, String type) {
    Parser parser = parserFor(type);
    ParseResult result;
    if (parser == null) {
      result =
          unparsed(content, ParseData.NOT_PARSED, ParseReason.NO_PARSER, "no parser for " + type);
    } else if (content.isTruncated()
        && !MimeTypes.isHtml(type)
        && !MimeTypes.readableInPart(type)) {
      result =
          unparsed(
              content,
              ParseData.FAILED,
              ParseReason.TRUNCATED,
              type
                  + " cut at "
                  + content.getContent().length
                  + " bytes cannot be read; raise "
                  + ProtocolKeys.CONTENT_LIMIT_DOCUMENTS);
    } else {
      result = workers.parse(parser, content, type);
    }
    result.data().getMeta().put(ParseData.META_TYPE, type);
    if (!MimeTypes.isHtml(type)) {
      result = withSignals(content, result);
    }
    return filters.filter(content, type, result);
  }

  /**
   * A document other than HTML (PDF, Office, feed, or one no parser reads) with what its owner
   * allows: the robots.txt lines and the Content-Usage, X-Robots-Tag and tdm-* headers, read by the
   * HTML parser's own reader (a document has no meta tags). A noindex keeps no text, a nofollow no
   * links, as for HTML.
   */
  private ParseResult withSignals(Content content, ParseResult result) {
    PageSignals signals = new PageSignals(content, agents);
    List<ParseNote> notes = new ArrayList<>(result.notes());
    signals.record(result.data(), HtmlParser.pageUrl(content), notes);
    RobotsDirectives robots = signals.robots();
    if (robots.present()) {
      result.data().getMeta().put("robots", robots.describe());
    }
    if (robots.noFollow()) {
      result.data().getOutlinks().clear();
    }
    return new ParseResult(
        result.data(),
        robots.noIndex() ? new ParseText("") : result.text(),
        result.signature(),
        result.redirect(),
        result.dom(),
        result.elements(),
        notes.isEmpty() ? List.of() : notes);
  }

  /**
   * The content's MIME type from its bytes, header and URL. A page its header calls HTML and that
   * starts with markup is HTML without asking the detector: most of a crawl is HTML, and its speed
   * is the crawl's.
   */
  public String detect(Content content) {
    String header = content.getHeader("Content-Type");
    String announced = MimeTypes.base(header != null ? header : content.getContentType());
    if (MimeTypes.isHtml(announced) && startsWithMarkup(content.getContent())) {
      return announced;
    }
    return detector.detect(
        content.getContent(),
        header != null ? header : content.getContentType(),
        HtmlParser.pageUrl(content));
  }

  /** The parser parser.types names for {@code mimeType}, or null when none does. */
  public Parser parserFor(String mimeType) {
    for (Rule rule : rules) {
      if (rule.matches(mimeType)) {
        return byName.get(rule.parserName());
      }
    }
    return null;
  }

  /** A result without text or links, with the reason recorded: for content no parser reads. */
  public ParseResult unparsed(Content content, byte status, ParseReason reason, String message) {
    return unparsedResult(content, status, reason, message, signature);
  }

  /** A result without text or links, with the reason recorded; {@code message} says what failed. */
  public static ParseResult unparsedResult(
      Content content, byte status, ParseReason reason, String message, Signature signature) {
    ParseData data = new ParseData(status, reason.reasonName() + ": " + message, "");
    data.getMeta().put(ParseData.META_REASON, reason.reasonName());
    return new ParseResult(data, new ParseText(""), signature.calculate(content, null));
  }

  /**
   * Parses abandoned at parser.timeout (CPU time) or parser.timeout.wall since this was made: their
   * threads were left to finish alone.
   */
  public long abandonedParses() {
    return workers.abandoned();
  }

  /** Whether the first byte after a BOM and white space opens a tag. */
  private static boolean startsWithMarkup(byte[] bytes) {
    int i = 0;
    if (bytes.length >= 3
        && (bytes[0] & 0xff) == 0xef
        && (bytes[1] & 0xff) == 0xbb
        && (bytes[2] & 0xff) == 0xbf) {
      i = 3;
    }
    while (i < bytes.length && Character.isWhitespace(bytes[i])) {
      i++;
    }
    return i < bytes.length && bytes[i] == '<';
  }

  /** The name:class entries of the setting {@code key}, separated by commas, in order. */
  static Map<String, String> classes(String key, String value) {
    Map<String, String> classes = new LinkedHashMap<>();
    for (String entry : value.split(",")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.indexOf(':');
      if (colon <= 0 || colon == entry.length() - 1) {
        throw new BadSettingException(
            key, "expected name:class entries separated by commas, not \"" + entry.trim() + "\"");
      }
      classes.put(entry.substring(0, colon).trim(), entry.substring(colon + 1).trim());
    }
    return classes;
  }

  private static List<Rule> rules(String value, Map<String, String> classes, String classNames) {
    List<Rule> rules = new ArrayList<>();
    for (String entry : value.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.lastIndexOf(':');
      String name = colon < 0 ? "" : entry.substring(colon + 1).trim();
      if (colon <= 0 || name.isEmpty()) {
        throw new BadSettingException(
            ParseKeys.TYPES,
            "expected type,type...:parser rules separated by semicolons, not \""
                + entry.trim()
                + "\"");
      }
      if (!classes.containsKey(name) && !name.equals(ParseKeys.NO_PARSER_VALUE)) {
        throw new BadSettingException(
            ParseKeys.TYPES,
            "\""
                + entry.trim()
                + "\" names parser \""
                + name
                + "\", which "
                + ParseKeys.CLASSES
                + " (\""
                + classNames.trim()
                + "\") does not name");
      }
      for (String type : entry.substring(0, colon).split(",")) {
        String t = type.trim().toLowerCase(Locale.ROOT);
        if (!t.isEmpty()) {
          rules.add(new Rule(t, name));
        }
      }
    }
    return rules;
  }

  @Override
  public void close() {
    workers.close();
    byName.values().forEach(Parser::close);
    filters.close();
  }
}
