package org.trawler.core.parse;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.plugin.PluginNames;

/**
 * What a {@link Parsers} set makes once and hands each of its parsers ({@link
 * Parser#configure(Configuration, ParseSetup)}): the modules' short names of plug-ins, and the URL
 * normalizers the task built already (the hostdb's learned parameters a task read once in setup())
 * that a parser's {@link OutlinkExtractor} takes instead of making its own.
 *
 * @param names the short names of plug-ins, read at most once for the set
 * @param normalizers normalizers the task gave; a member of the outlink chain of one of their
 *     classes is taken from here
 */
public record ParseSetup(PluginNames names, List<URLNormalizer> normalizers) {
  public ParseSetup {
    normalizers = List.copyOf(normalizers);
  }

  /** A setup of its own, for a parser made alone: nothing given. */
  public static ParseSetup of(Configuration conf) {
    return new ParseSetup(new PluginNames(conf), List.of());
  }
}
