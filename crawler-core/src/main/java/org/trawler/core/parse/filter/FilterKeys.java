package org.trawler.core.parse.filter;

/**
 * Configuration keys of the parse filters (conf/trawler-default.xml, section Parse filters), with
 * their defaults.
 */
public final class FilterKeys {
  /**
   * "all": the page's whole text is its content; "main": the main content alone (filter content).
   */
  public static final String CONTENT = "parser.html.content";

  public static final String CONTENT_ALL_VALUE = "all";
  public static final String CONTENT_MAIN_VALUE = "main";
  public static final String DEFAULT_CONTENT = CONTENT_ALL_VALUE;

  /** With parser.html.content=main, keep the whole text in the field fulltext as well. */
  public static final String CONTENT_FULLTEXT = "parser.html.content.fulltext";

  public static final boolean DEFAULT_CONTENT_FULLTEXT = false;

  /**
   * Keep a Markdown rendering of each HTML page's content (its main content with
   * parser.html.content=main) beside its text, in parse_text.
   */
  public static final String MARKDOWN = "parser.markdown";

  public static final boolean DEFAULT_MARKDOWN = false;

  /** Characters of Markdown kept per page, cut at a block (reason markdown_limit); -1 = all. */
  public static final String MARKDOWN_MAX_CHARS = "parser.markdown.max.chars";

  public static final int DEFAULT_MARKDOWN_MAX_CHARS = 2000000;

  /** Characters kept of one value of a meta, JSON-LD, microdata or selector field. */
  public static final String VALUE_MAX_LENGTH = "parsefilter.value.max.length";

  public static final int DEFAULT_VALUE_MAX_LENGTH = 1000;

  /** meta.* fields kept per page (the first ones in the page). */
  public static final String META_MAX_COUNT = "parsefilter.meta.max.count";

  public static final int DEFAULT_META_MAX_COUNT = 50;

  /**
   * The JSON-LD and microdata paths kept, e.g. "Article.headline, Product.offers.*"; empty keeps
   * every path (up to parsefilter.structured.max.fields).
   */
  public static final String JSONLD_PATHS = "parsefilter.jsonld.paths";

  public static final String DEFAULT_JSONLD_PATHS = "";

  /** jsonld.* and microdata.* fields kept per page. */
  public static final String STRUCTURED_MAX_FIELDS = "parsefilter.structured.max.fields";

  public static final int DEFAULT_STRUCTURED_MAX_FIELDS = 100;

  /**
   * JSON-LD objects and microdata items nested deeper than this are not followed (counter
   * structured_too_deep): real pages nest three or four levels.
   */
  public static final String STRUCTURED_MAX_DEPTH = "parsefilter.structured.max.depth";

  public static final int DEFAULT_STRUCTURED_MAX_DEPTH = 8;

  /** Values one "all" selector rule takes from one page (counter selector_values_limit). */
  public static final String SELECTOR_MAX_VALUES = "parsefilter.selectors.max.values";

  public static final int DEFAULT_SELECTOR_MAX_VALUES = 100;

  /**
   * The selector rules file (conf/ or a path): URL pattern, field, CSS or XPath selector; unset =
   * no rules. trawler-default.xml names conf/extract-rules.txt.
   */
  public static final String SELECTOR_RULES = "parsefilter.selectors.file";

  /** Characters of text the language detector reads (from the start of the main text). */
  public static final String LANG_SAMPLE_CHARS = "parsefilter.lang.sample.chars";

  public static final int DEFAULT_LANG_SAMPLE_CHARS = 5000;

  /** Fewer letters than this: the text is too short, the markup's language is taken, if any. */
  public static final String LANG_MIN_LETTERS = "parsefilter.lang.min.letters";

  public static final int DEFAULT_LANG_MIN_LETTERS = 40;

  /** How sure the detector must be (0..1) for the text's language to be taken. */
  public static final String LANG_MIN_CONFIDENCE = "parsefilter.lang.min.confidence";

  public static final float DEFAULT_LANG_MIN_CONFIDENCE = 0.9f;

  private FilterKeys() {}
}
