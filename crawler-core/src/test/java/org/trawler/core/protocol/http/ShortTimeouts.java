package org.trawler.core.protocol.http;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.protocol.ProtocolKeys;

/** The crawler's default configuration with timeouts short enough for tests. */
final class ShortTimeouts {
  static final int TIMEOUT_MILLIS = 1000;
  static final int DEADLINE_MILLIS = 3000;

  private ShortTimeouts() {}

  static Configuration conf() {
    Configuration conf = CrawlerConfiguration.create();
    conf.setInt(ProtocolKeys.TIMEOUT, TIMEOUT_MILLIS);
    conf.setInt(ProtocolKeys.REQUEST_DEADLINE, DEADLINE_MILLIS);
    return conf;
  }
}
