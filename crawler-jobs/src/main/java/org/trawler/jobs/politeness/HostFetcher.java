package org.trawler.jobs.politeness;

import java.io.Closeable;
import java.io.IOException;
import java.net.MalformedURLException;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.fetch.FetcherSettings;

/**
 * Fetches single URLs outside a segment, for jobs other than fetch (the sitemap job): through the
 * crawl's protocol, obeying robots.txt as the fetcher does (the answers kept in the robots db while
 * fresh, else the site is asked, and the new answers handed back for the robots db: {@link
 * #writeAskedRobots}). Requests to one host (or domain, IP: fetcher.queue.mode) take turns, one at
 * a time, fetcher.server.delay or the site's Crawl-delay apart, whichever caller thread makes them:
 * a sitemap of host B that host A's robots.txt names is fetched in B's turn. A redirect is followed
 * inline (up to http.redirect.max hops) only to the same host, in the same turn after the delay.
 */
public final class HostFetcher implements Closeable {
  private final Protocol protocol;
  private final RobotsDb.Reader robotsDb;
  private final RobotsCache robots;
  private final FetcherSettings settings;
  private final QueueIds queueIds;
  private final Configuration conf;

  /** Each host's turn: held while its requests are made, and when the last one ended. */
  private final ConcurrentMap<String, Turn> turns = new ConcurrentHashMap<>();

  /** The robots.txt answers asked for, by site. */
  private final SortedMap<String, RobotsTxt> askedRobots = new ConcurrentSkipListMap<>();

  /** A host's turn; its monitor is held during its requests and the waits between them. */
  private static final class Turn {
    /** When its last request ended, ms epoch; 0 = none yet. */
    long lastEnd;
  }

  /**
   * @param robotsDb the robots db to take kept answers from, or null
   */
  public HostFetcher(Configuration conf, Path robotsDb) {
    this.conf = conf;
    this.settings = FetcherSettings.from(conf, System.currentTimeMillis());
    this.queueIds = new QueueIds(settings.queueMode);
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

  /** The Sitemap: URLs of the robots.txt of {@code url}'s site (kept, else asked in its turn). */
  public List<String> robotsSitemaps(String url) {
    Turn turn = turnOf(url);
    synchronized (turn) {
      try {
        return rules(url, turn).getSitemaps();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // the task is ending
        return List.of();
      }
    }
  }

  /**
   * Fetches {@code url} in its host's turn; robots_denied, robots_unavailable or
   * crawl_delay_too_long when robots.txt does not let it.
   */
  public ProtocolOutput fetch(String url) throws InterruptedException {
    Turn turn = turnOf(url);
    synchronized (turn) {
      RobotsRules rules = rules(url, turn);
      ProtocolOutput verdict = Politeness.robotsVerdict(rules, url, settings.maxCrawlDelayMillis);
      if (verdict != null) {
        return verdict;
      }
      long delay = Math.max(settings.delayMillis, rules.getCrawlDelayMillis());
      awaitDelay(turn, delay);
      try {
        return protocol.fetch(url, 0, target -> mayFollow(target, turn, delay));
      } finally {
        turn.lastEnd = System.currentTimeMillis();
      }
    }
  }

  /** The rules of {@code url}'s site; asking for them is a request of the turn. */
  private RobotsRules rules(String url, Turn turn) throws InterruptedException {
    if (robots.knownRulesFor(url) == null) {
      awaitDelay(turn, settings.delayMillis);
    }
    RobotsCache.Lookup lookup = robots.rulesFor(url);
    if (lookup.requested()) {
      turn.lastEnd = System.currentTimeMillis();
    }
    return lookup.rules();
  }

  /** A redirect hop: only to the same host, where robots.txt allows it, after the delay. */
  private boolean mayFollow(String target, Turn turn, long delay) {
    if (turnOf(target) != turn) {
      return false;
    }
    turn.lastEnd = System.currentTimeMillis(); // the request that was redirected ended just now
    try {
      RobotsRules rules = rules(target, turn);
      if (Politeness.robotsVerdict(rules, target, settings.maxCrawlDelayMillis) != null) {
        return false;
      }
      awaitDelay(turn, Math.max(delay, rules.getCrawlDelayMillis()));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Turn turnOf(String url) {
    String id;
    try {
      id = queueIds.queueIdFor(url);
    } catch (MalformedURLException e) {
      id = url; // the fetch itself will say why
    }
    return turns.computeIfAbsent(id, k -> new Turn());
  }

  /** Sleeps until {@code delayMillis} after the turn's last request; the caller holds the turn. */
  private static void awaitDelay(Turn turn, long delayMillis) throws InterruptedException {
    if (turn.lastEnd > 0) {
      long wait = turn.lastEnd + delayMillis - System.currentTimeMillis();
      if (wait > 0) {
        Thread.sleep(wait);
      }
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

  @Override
  public void close() throws IOException {
    try {
      protocol.close();
    } finally {
      robotsDb.close();
    }
  }
}
