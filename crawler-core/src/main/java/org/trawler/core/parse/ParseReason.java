package org.trawler.core.parse;

import java.util.Locale;

/**
 * Why a parse ended as it did when it was not a plain success: the closed set of reasons parse_data
 * records under {@link org.trawler.core.datum.ParseData#META_REASON} and that name parse's
 * per-reason counters. The reason table in docs/commands.md lists them with the fetch reasons (a
 * test checks it).
 */
public enum ParseReason {
  /** No parser in parser.types reads the detected type: notparsed. */
  NO_PARSER,
  /** A document of no bytes: nothing to parse (notparsed). */
  EMPTY,
  /**
   * The content was cut at http.content.limit(.documents) and its format cannot be read in part.
   */
  TRUNCATED,
  /**
   * The parse used more CPU time than parser.timeout, or more wall-clock time than
   * parser.timeout.wall; its thread was abandoned.
   */
  PARSE_TIMEOUT,
  /** The text was cut at parser.text.max.chars (the page is parsed: success). */
  TEXT_LIMIT,
  /**
   * The page's Markdown (parser.markdown) was cut at parser.markdown.max.chars, at a block (the
   * page is parsed: success).
   */
  MARKDOWN_LIMIT,
  /** Embedded documents deeper than parser.embedded.max.depth were skipped (success). */
  EMBEDDED_TOO_DEEP,
  /** A compressed part expands far beyond its size (a zip bomb): refused. */
  ZIP_BOMB,
  /** The document is encrypted or needs a password. */
  ENCRYPTED,
  /**
   * The bytes are not a readable document of the detected type (corrupt, or not what it claims).
   */
  MALFORMED,
  /** An earlier attempt of the task died while parsing this document: skipped. */
  PARSER_CRASHED,
  /** The parser failed in any other way. */
  PARSER_ERROR,
  /**
   * Not parsed: parser.abandoned.max abandoned parses of the task were still running
   * (parse_failed).
   */
  ABANDONED_LIMIT,
  /**
   * Hyperlinks beyond parser.links.max, or distinct outlinks beyond db.max.outlinks.per.page, were
   * dropped (the page is parsed: success).
   */
  LINKS_LIMIT,
  /** Embedded documents beyond parser.embedded.max.count were skipped (success). */
  EMBEDDED_TOO_MANY;

  private final String name = name().toLowerCase(Locale.ROOT);

  /** The name recorded and counted: {@code truncated}, {@code parse_timeout}. */
  public String reasonName() {
    return name;
  }
}
