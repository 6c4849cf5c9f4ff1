package org.trawler.core.protocol;

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
}
