package org.trawler.jobs.generate;

import java.util.Locale;

import org.trawler.core.datum.CrawlDatum;

/** generate.order: which due URLs come first. */
public enum GenerateOrder {
  /** Best score first. */
  SCORE,
  /** Breadth-first: lower depth first, then best score. */
  DEPTH;

  /** The depth that ranks the datum: its depth in depth order, 0 (all equal) in score order. */
  int rankDepth(CrawlDatum datum) {
    return this == DEPTH ? Math.max(0, datum.getDepth()) : 0;
  }

  /** Parses the key's value; an unknown value is a user mistake named in the message. */
  public static GenerateOrder parse(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(GeneratorKeys.ORDER + " must be score or depth, not '" + value + "'");
    }
  }
}
