package org.trawler.jobs.generate;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
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

  /** The order generate.order names. */
  public static GenerateOrder from(Configuration conf) {
    return parse(conf.get(GeneratorKeys.ORDER, GeneratorKeys.DEFAULT_ORDER));
  }

  /** Parses the key's value; an unknown value is a BadSettingException. */
  public static GenerateOrder parse(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BadSettingException(
          GeneratorKeys.ORDER, "must be score or depth, not '" + value + "'");
    }
  }
}
