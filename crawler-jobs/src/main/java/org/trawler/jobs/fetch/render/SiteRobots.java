package org.trawler.jobs.fetch.render;

import org.trawler.core.protocol.RobotsRules;

/**
 * The robots.txt rules of any site a rendered page reaches: a third-party host the browser may load
 * from (fetcher.render.thirdparty) is asked by its own robots.txt, not the page's.
 */
@FunctionalInterface
public interface SiteRobots {
  /** The rules of {@code url}'s site (asking the site for them when none are known). */
  RobotsRules rulesFor(String url);
}
