package org.trawler.core.parse;

import java.io.Closeable;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.Content;
import org.trawler.core.plugin.Plugin;

/**
 * Parses fetched content of the types {@code parser.types} hands it. An implementation has a public
 * constructor taking the crawl's Hadoop Configuration, is created once per task by {@link Parsers},
 * is shared by the task's threads (so thread-safe) and is closed when the task ends.
 */
public interface Parser extends Plugin, Closeable {
  /**
   * Parses {@code content}, whose MIME type was detected as {@code mimeType} (lower case, no
   * parameters); never throws for bad content: a failure is a result with status FAILED and a
   * {@link ParseReason}.
   */
  ParseResult parse(Content content, String mimeType);

  /**
   * The configure step when {@link Parsers} makes the parser (instead of {@link
   * #configure(Configuration)}): {@code setup} holds what the set shares, which a parser that
   * extracts outlinks hands its {@link OutlinkExtractor}. By default the plain configure step.
   */
  default void configure(Configuration conf, ParseSetup setup) {
    configure(conf);
  }

  @Override
  default void close() {}
}
