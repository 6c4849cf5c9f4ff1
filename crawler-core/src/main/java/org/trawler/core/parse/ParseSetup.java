package org.trawler.core.parse;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLOutcomes;
import org.trawler.core.plugin.PluginNames;

/**
 * What a {@link Parsers} set makes once and hands each of its parsers ({@link
 * Parser#configure(Configuration, ParseSetup)}): the task's context for its links. The modules'
 * short names of plug-ins; the outlink scope's URL normalizers, built once for the set (a regex
 * normalizer's rule file is parsed and compiled once, not once per parser) and including those the
 * task built already (the hostdb's learned parameters it read once in setup()); and the outcomes of
 * the set's one outlink chain, remembered across the pages, threads and parsers of the task.
 *
 * @param names the short names of plug-ins, read at most once for the set
 * @param normalizers normalizers built for the set; a member of the outlink chain of one of their
 *     classes is taken from here
 * @param outcomes what the set's outlink chain made of each URL (its conf is the same for every
 *     parser of the set)
 */
public record ParseSetup(PluginNames names, List<URLNormalizer> normalizers, URLOutcomes outcomes) {
  public ParseSetup {
    normalizers = List.copyOf(normalizers);
  }

  /** A setup of its own, for a parser made alone: nothing given, nothing shared. */
  public static ParseSetup of(Configuration conf) {
    return new ParseSetup(
        new PluginNames(conf), List.of(), new URLOutcomes(URLOutcomes.DEFAULT_MAX_URLS));
  }

  /**
   * The setup of a task's parser set: the outlink scope's normalizers made once, taking the members
   * the task {@code given} as they are; a misconfigured normalizer is a BadSettingException here.
   */
  public static ParseSetup forTask(Configuration conf, List<URLNormalizer> given) {
    List<URLNormalizer> outlink =
        URLNormalizers.forScope(conf, URLNormalizers.SCOPE_OUTLINK, given)
            .normalizersFor(URLNormalizers.SCOPE_OUTLINK);
    return new ParseSetup(
        new PluginNames(conf), outlink, new URLOutcomes(URLOutcomes.DEFAULT_MAX_URLS));
  }
}
