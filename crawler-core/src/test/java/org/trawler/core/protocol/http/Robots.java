package org.trawler.core.protocol.http;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.RobotsRules;

/** The rules a protocol's robots.txt answer sets now, as the fetcher reads them. */
final class Robots {
  private static final long THIRTY_DAYS = 30L * 24 * 3600 * 1000;

  private Robots() {}

  static RobotsRules rules(Protocol protocol, String url) {
    return rules(protocol, ShortTimeouts.conf(), url);
  }

  static RobotsRules rules(Protocol protocol, Configuration conf, String url) {
    long now = System.currentTimeMillis();
    return RobotsRules.of(
        protocol.fetchRobots(url, now), RobotsRules.agents(conf), now, THIRTY_DAYS);
  }
}
