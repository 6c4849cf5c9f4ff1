package org.trawler.core.parse;

/** Configuration keys of parsing (conf/trawler-default.xml, section Parse), with their defaults. */
public final class ParseKeys {
  /** Charset used when neither the HTTP header, a BOM nor a meta tag names a usable one. */
  public static final String CHARSET_DEFAULT = "parser.character.encoding.default";
  public static final String CHARSET_DEFAULT_VALUE = "windows-1252";

  /** Comma-separated element names whose href/src become outlinks. */
  public static final String OUTLINK_TAGS = "parser.html.outlink.tags";
  public static final String OUTLINK_TAGS_VALUE = "a,area,frame,iframe";

  /** Seconds one page may take to parse; 0 or less = no limit (parse in the calling thread). */
  public static final String TIMEOUT = "parser.timeout";
  public static final int TIMEOUT_VALUE = 30;

  /** Distinct outlinks kept per page, counted after de-duplication; -1 = no cap. */
  public static final String MAX_OUTLINKS = "db.max.outlinks.per.page";
  public static final int MAX_OUTLINKS_VALUE = 1000;

  /** Characters of anchor text kept per outlink. */
  public static final String MAX_ANCHOR_LENGTH = "db.max.anchor.length";
  public static final int MAX_ANCHOR_LENGTH_VALUE = 100;

  /** md5 (raw content), text (normalized text) or the name of a {@link Signature} class. */
  public static final String SIGNATURE_CLASS = "db.signature.class";
  public static final String SIGNATURE_CLASS_VALUE = "md5";


  private ParseKeys() {}
}
