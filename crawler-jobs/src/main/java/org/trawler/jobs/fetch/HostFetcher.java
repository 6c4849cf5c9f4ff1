package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;

/**
 * Fetches single URLs outside a segment, for jobs other than fetch (the sitemap job): through the
 * crawl's protocol, obeying robots.txt (the answers kept in the robots db while fresh, else the
 * site is asked, and the new answers handed back for the robots db: {@link #writeAskedRobots}) and
 * waiting fetcher.server.delay, or the site's Crawl-delay, between two requests to a site.
 * Redirects are followed inline. One caller thread per site: the waits are per site.
 */
public final class HostFetcher implements Closeable {
  private final Protocol protocol;
  private final RobotsDb.Reader robotsDb;
  private final RobotsCache robots;
  private final FetcherSettings settings;
  private final Map<String, Long> lastRequest = new HashMap<>();
  private final Configuration conf;

  /** The robots.txt answers asked for, by site. */
  private final SortedMap<String, RobotsTxt> askedRobots = new ConcurrentSkipListMap<>();

  /**
   * @param robotsDb the robots db to take kept answers from, or null
   */
  public HostFetcher(Configuration conf, Path robotsDb) {
    this.conf = conf;
    this.settings = FetcherSettings.from(conf, System.currentTimeMillis());
    this.protocol = FetcherSettings.newProtocol(conf);
    this.robotsDb = new RobotsDb.Reader(conf, robotsDb);
    this.robots =
        new RobotsCache(
            protocol, this.robotsDb::get, askedRobots::put, settings, System::currentTimeMillis);
  }

  /** Reads the settings a HostFetcher reads: a bad one fails here, before any task. */
  public static void checkSettings(Configuration conf) throws IOException {
    FetcherSettings.from(conf, 0);
    FetcherSettings.checkProtocol(conf);
  }

  /** The Sitemap: URLs of the robots.txt of {@code url}'s site (kept, else asked now). */
  public List<String> robotsSitemaps(String url) {
    RobotsCache.Lookup lookup = robots.rulesFor(url);
    if (lookup.requested()) {
      requested(URLParts.of(url).origin());
    }
    return lookup.rules().getSitemaps();
  }

  /**
   * Fetches {@code url} in its site's turn; robots_denied / robots_unavailable when not allowed.
   */
  public ProtocolOutput fetch(String url) throws InterruptedException {
    String site = URLParts.of(url).origin();
    RobotsCache.Lookup lookup = robots.rulesFor(url);
    if (lookup.requested()) {
      requested(site);
    }
    RobotsRules rules = lookup.rules();
    if (rules.isUnavailable()) {
      return ProtocolOutput.retry(0, Reason.ROBOTS_UNAVAILABLE, rules.getUnavailableReason(), -1);
    }
    if (!rules.isAllowed(url)) {
      return ProtocolOutput.gone(0, Reason.ROBOTS_DENIED, "");
    }
    waitTurn(site, Math.max(settings.delayMillis, rules.getCrawlDelayMillis()));
    try {
      return protocol.fetch(url, 0);
    } finally {
      requested(site);
    }
  }

  /**
   * Writes the robots.txt answers this fetcher asked for as the part {@code name} under {@code
   * parent}, for {@link RobotsDb#keep}; nothing when it asked none.
   */
  public void writeAskedRobots(Path parent, String name) throws IOException {
    if (!askedRobots.isEmpty()) {
      RobotsDb.writeAnswers(conf, parent, name, askedRobots);
    }
  }

  private synchronized void requested(String site) {
    lastRequest.put(site, System.currentTimeMillis());
  }

  private void waitTurn(String site, long delayMillis) throws InterruptedException {
    Long last;
    synchronized (this) {
      last = lastRequest.get(site);
    }
    if (last != null) {
      long wait = last + delayMillis - System.currentTimeMillis();
      if (wait > 0) {
        Thread.sleep(wait);
      }
    }
  }

  @Override
  public void close() throws IOException {
    try {
      protocol.close();
    } finally {
      robotsDb.close();
    }
  }
}
