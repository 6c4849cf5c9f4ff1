package org.trawler.core.parse;

import java.io.Closeable;
import org.trawler.core.plugin.Plugin;

/**
 * Adds fields to a parsed page or replaces its text: one member of the ordered chain {@code
 * parsefilter.order} ({@link ParseFilters}). An implementation has a public constructor taking the
 * crawl's Hadoop Configuration and reads its settings there, once per task; it is shared by the
 * task's threads (so thread-safe). It may throw on a hostile page: the chain counts and logs that
 * and goes on with the next filter.
 */
public interface ParseFilter extends Plugin, Closeable {
  /**
   * A filter's counter (group {@value ParseNote#GROUP}): an enum constant whose counterName is the
   * lower-case constant name, listed where the filter's docs list its counters.
   */
  interface Counter {
    String counterName();
  }

  /** Reads {@code page} and adds its fields (or replaces its text) there. */
  void filter(ParsedPage page);

  @Override
  default void close() {}
}
