package org.trawler.core.parse;

/** Configuration keys of parsing (conf/trawler-default.xml, section Parse), with their defaults. */
public final class ParseKeys {
  /** Charset used when neither the HTTP header, a BOM nor a meta tag names a usable one. */
  public static final String FALLBACK_CHARSET = "parser.character.encoding.default";

  public static final String DEFAULT_FALLBACK_CHARSET = "windows-1252";

  /** Comma-separated element names whose href/src become outlinks. */
  public static final String OUTLINK_TAGS = "parser.html.outlink.tags";

  public static final String DEFAULT_OUTLINK_TAGS = "a,area,frame,iframe";

  /**
   * Seconds of CPU time one page may take to parse, whatever its parser (the thread of a parse that
   * overruns is abandoned); 0 or less = no limit (parse in the calling thread).
   */
  public static final String TIMEOUT = "parser.timeout";

  public static final int DEFAULT_TIMEOUT = 30;

  /**
   * Seconds of wall-clock time one parse may take, whatever CPU time it used: the backstop for a
   * parse that blocks or sleeps; 0 = none.
   */
  public static final String TIMEOUT_WALL = "parser.timeout.wall";

  public static final int DEFAULT_TIMEOUT_WALL = 300;

  /**
   * Abandoned parses of one task still running, at most: at the cap no parse is started (reason
   * abandoned_limit) until one of them ends; -1 = no cap.
   */
  public static final String ABANDONED_MAX = "parser.abandoned.max";

  public static final int DEFAULT_ABANDONED_MAX = 4;

  /** Distinct outlinks kept per page, counted after de-duplication; -1 = no cap. */
  public static final String MAX_OUTLINKS = "db.max.outlinks.per.page";

  public static final int DEFAULT_MAX_OUTLINKS = 1000;

  /**
   * Hyperlinks read of one page or document, before de-duplication; the rest are not read (reason
   * links_limit); -1 = no cap.
   */
  public static final String LINKS_MAX = "parser.links.max";

  public static final int DEFAULT_LINKS_MAX = 10000;

  /** Characters of anchor text kept per outlink, and per inlink by invertlinks. */
  public static final String MAX_ANCHOR_LENGTH = "db.max.anchor.length";

  public static final int DEFAULT_MAX_ANCHOR_LENGTH = 100;

  /**
   * {@link #SIGNATURE_MD5_VALUE}, {@link #SIGNATURE_TEXT_VALUE} or the name of a {@link Signature}
   * class.
   */
  public static final String SIGNATURE_CLASS = "db.signature.class";

  /** The value naming {@link MD5Signature}: a digest of the raw content. */
  public static final String SIGNATURE_MD5_VALUE = "md5";

  /** The value naming {@link TextSignature}: a digest of the normalized text. */
  public static final String SIGNATURE_TEXT_VALUE = "text";

  public static final String DEFAULT_SIGNATURE_CLASS = SIGNATURE_MD5_VALUE;

  /** Make the page's canonical URL (link rel=canonical or the Link header) an outlink. */
  public static final String FOLLOW_CANONICAL = "parser.follow.canonical";

  public static final boolean DEFAULT_FOLLOW_CANONICAL = false;

  /** Drop the links marked rel=nofollow (Nutch's default too: keep them). */
  public static final String HONOR_NOFOLLOW = "parser.honor.nofollow";

  public static final boolean DEFAULT_HONOR_NOFOLLOW = false;

  /**
   * A meta refresh with no delay is a permanent redirect (fetch_redir_perm) rather than a temporary
   * one; off by default, as Nutch treats a quick refresh as temporary.
   */
  public static final String REFRESH_AS_PERMANENT = "parser.refresh.as.permanent";

  public static final boolean DEFAULT_REFRESH_AS_PERMANENT = false;

  /**
   * Which parser reads which MIME type: rules "type,type...:name" separated by semicolons, first
   * match wins; a type is exact, "major/*" or "*". The name {@value #NO_PARSER_VALUE} leaves the
   * types unparsed.
   */
  public static final String TYPES = "parser.types";

  public static final String DEFAULT_TYPES =
      "text/html,application/xhtml+xml:html; application/rss+xml,application/atom+xml:feed;"
          + " image/*,audio/*,video/*:none; *:tika";

  /** The parser.types name of no parser: images and media have no text to index. */
  public static final String NO_PARSER_VALUE = "none";

  /**
   * The parser names parser.types may use: "name:plugin" entries separated by commas, a plug-in
   * being a short name a module gives it (html, tika, feed) or a class name.
   */
  public static final String CLASSES = "parser.classes";

  public static final String DEFAULT_CLASSES = "html:html, tika:tika, feed:feed";

  /**
   * The {@link TypeDetector} that finds a page's MIME type from its bytes, header and URL: a short
   * name (tika, header) or a class name.
   */
  public static final String DETECTOR_CLASS = "parser.detector.class";

  public static final String DEFAULT_DETECTOR_CLASS = "tika";

  /** Characters of text kept of one document; the rest is dropped (reason text_limit). */
  public static final String TEXT_MAX_CHARS = "parser.text.max.chars";

  public static final int DEFAULT_TEXT_MAX_CHARS = 2000000;

  /** How deep documents embedded in documents are parsed (an attachment's attachment is 2). */
  public static final String EMBEDDED_MAX_DEPTH = "parser.embedded.max.depth";

  public static final int DEFAULT_EMBEDDED_MAX_DEPTH = 3;

  /**
   * Documents embedded in one document (attachments, at any depth) that are parsed; the rest are
   * skipped (reason embedded_too_many); -1 = no cap.
   */
  public static final String EMBEDDED_MAX_COUNT = "parser.embedded.max.count";

  public static final int DEFAULT_EMBEDDED_MAX_COUNT = 100;

  /**
   * The parse filters run on every parsed page, in order: names of {@link #FILTER_CLASSES}, commas
   * or spaces between them.
   */
  public static final String FILTER_ORDER = "parsefilter.order";

  public static final String DEFAULT_FILTER_ORDER = "content,lang,meta,jsonld,microdata,selectors";

  /**
   * The names parsefilter.order may use: "name:plugin" entries separated by commas, a plug-in being
   * a short name a module gives it or a class name.
   */
  public static final String FILTER_CLASSES = "parsefilter.classes";

  public static final String DEFAULT_FILTER_CLASSES =
      "content:content, lang:lang, meta:meta, jsonld:jsonld, microdata:microdata,"
          + " selectors:selectors";

  private ParseKeys() {}
}
