package org.trawler.lang;

import java.util.Locale;
import org.trawler.core.parse.ParseFilter;

/** The language filter's counters (group parse_filters), as docs/extraction.md lists them. */
public enum LangCounter implements ParseFilter.Counter {
  /** The page's language came from its text. */
  LANG_FROM_TEXT,
  /** The page's language is the one its markup declares: the text was too short or mixed. */
  LANG_FROM_MARKUP,
  /** No language: the text was too short or mixed, and the page declares none. */
  LANG_ABSENT,
  /** Pages whose script and function words left the language open: the n-gram detector's. */
  LANG_BY_NGRAMS,
  /** Pages too mixed as a whole whose main language is the one most of their blocks are in. */
  LANG_BY_BLOCKS,
  /** Pages whose text is in more than one language ({@code languages} lists two or three). */
  LANG_MIXED;

  private final String name = name().toLowerCase(Locale.ROOT);

  /** The name counted and shown by check: {@code lang_from_text}. */
  @Override
  public String counterName() {
    return name;
  }
}
