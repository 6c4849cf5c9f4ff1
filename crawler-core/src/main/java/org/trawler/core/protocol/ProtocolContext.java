package org.trawler.core.protocol;

import java.util.Objects;
import java.util.function.Function;

/**
 * What the task a {@link Protocol} serves lends it for page fetches ({@link Protocol#start}): the
 * robots.txt rules the task knows or asks for, and its counters. A protocol that makes requests of
 * its own for a page (a browser's sub-requests) judges them by the same rules the fetcher does.
 */
public interface ProtocolContext {
  /** The robots.txt rules of {@code url}'s site, asking the site for them when none are known. */
  RobotsRules robotsFor(String url);

  /** Adds {@code amount} to counter {@code name} of {@code group} of the task. */
  void count(String group, String name, long amount);

  /** Where a context's counts go: {@link #count}'s signature as a lambda. */
  @FunctionalInterface
  interface Counts {
    /** Counts nothing: for a task that keeps no counters (a one-page check). */
    Counts NONE = (group, name, amount) -> {};

    void count(String group, String name, long amount);
  }

  /** A context asking {@code robots} for a URL's rules and adding counts to {@code counts}. */
  static ProtocolContext of(Function<String, RobotsRules> robots, Counts counts) {
    Objects.requireNonNull(robots, "robots");
    Objects.requireNonNull(counts, "counts");
    return new ProtocolContext() {
      @Override
      public RobotsRules robotsFor(String url) {
        return robots.apply(url);
      }

      @Override
      public void count(String group, String name, long amount) {
        counts.count(group, name, amount);
      }
    };
  }
}
