package org.trawler.jobs.politeness;

import java.io.Closeable;
import java.io.IOException;
import java.net.MalformedURLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolClass;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RobotsRules;

/**
 * Fetches single URLs outside a segment, for jobs other than fetch (the sitemap job): through the
 * crawl's protocol, obeying robots.txt as the fetcher does (the answers kept in the robots db while
 * fresh, else the site is asked, and the new answers handed back for the robots db: {@link
 * #writeAskedRobots}). Requests to one host (or domain, IP: fetcher.queue.mode) take the turns of a
 * {@link HostTurn}, the fetcher's queues' own politeness state, one at a time, fetcher.server.delay
 * or the site's Crawl-delay apart, longer when the server asks (429/503 and Retry-After), and the
 * host is dropped after fetcher.max.exceptions.per.queue failures, whichever caller thread makes
 * them: a sitemap of host B that host A's robots.txt names is fetched in B's turn. A redirect is
 * followed inline (up to http.redirect.max hops) only to the same host, in the same turn after the
 * delay. The delays hold across tasks as the fetcher's do: a host an earlier task left in its delay
 * is first asked when it ends, and {@link #handOverQuiet} hands this task's on ({@link
 * QuietHandOver}).
 */
public final class HostFetcher implements Closeable {
  private final Protocol protocol;
  private final RobotsDb.Reader robotsDb;
  private final RobotsCache robots;
  private final PolitenessSettings settings;
  private final QueueIds queueIds;
  private final Configuration conf;

  /**
   * Each host's turn, as the fetcher's queues keep it: its monitor is held during its requests and
   * the waits between them, and it keeps the delay, the server's back-off and the failures.
   */
  private final ConcurrentMap<String, HostTurn> queues = new ConcurrentHashMap<>();

  /** Where the hosts' last delays go to the next task, or null (no robots db). */
  private final QuietHandOver handOver;

  /** When an earlier task's delay for a host ends, by queue id, ms epoch. */
  private final Map<String, Long> earlier;

  /** The robots.txt answers asked for, by site. */
  private final SortedMap<String, RobotsTxt> askedRobots = new ConcurrentSkipListMap<>();

  /**
   * @param robotsDb the robots db to take kept answers from, or null
   */
  public HostFetcher(Configuration conf, Path robotsDb) {
    this.conf = conf;
    this.settings = PolitenessSettings.from(conf);
    this.queueIds = settings.queueIds();
    this.protocol = ProtocolClass.newInstance(conf);
    this.robotsDb = new RobotsDb.Reader(conf, robotsDb);
    this.robots =
        new RobotsCache(
            protocol, this.robotsDb::get, askedRobots::put, settings, System::currentTimeMillis);
    this.handOver = QuietHandOver.besideRobotsDb(conf, robotsDb);
    this.earlier = handOver == null ? Map.of() : handOver.read(System.currentTimeMillis());
  }

  /** Reads the settings a HostFetcher reads: a bad one fails here, before any task. */
  public static void checkSettings(Configuration conf) throws IOException {
    PolitenessSettings.from(conf);
    ProtocolClass.check(conf);
  }

  /** The Sitemap: URLs of the robots.txt of {@code url}'s site (kept, else asked in its turn). */
  public List<String> robotsSitemaps(String url) {
    Queue queue = queueOf(url);
    synchronized (queue.state) {
      try {
        return rules(url, queue.state).getSitemaps();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // the task is ending
        return List.of();
      }
    }
  }

  /**
   * Fetches {@code url} in its host's turn; robots_denied, robots_unavailable or
   * crawl_delay_too_long when robots.txt does not let it, queue_dropped once the host failed
   * fetcher.max.exceptions.per.queue times. A 429 or 503 with Retry-After holds the host's next
   * request back as in the fetcher ({@link Politeness#backoffMillis}).
   */
  public ProtocolOutput fetch(String url) throws InterruptedException {
    Queue queue = queueOf(url);
    HostTurn q = queue.state;
    synchronized (q) {
      if (q.verdict() != null) {
        return q.verdict();
      }
      RobotsRules rules = rules(url, q);
      ProtocolOutput verdict = Politeness.robotsVerdict(rules, url, settings.maxCrawlDelayMillis);
      if (verdict != null) {
        return verdict;
      }
      q.setCrawlDelay(rules.getCrawlDelayMillis());
      q.await();
      ProtocolOutput out = null;
      try {
        out = protocol.fetch(url, 0, target -> mayFollow(target, q));
        return out;
      } finally {
        long backoff =
            out == null ? 0 : Politeness.backoffMillis(out, settings.maxCrawlDelayMillis);
        long end = System.currentTimeMillis();
        q.requestEnded(end, backoff);
        if (out != null && Politeness.isRateLimited(out)) {
          q.rateLimited(end, settings.backoff, settings.maxCrawlDelayMillis, queue.id);
        } else if (out != null) {
          q.answered();
        }
        if (out != null && Politeness.isError(out)) {
          q.countError(
              settings.maxExceptionsPerQueue,
              HostTurn.dropped(settings.maxExceptionsPerQueue, queue.id));
        }
      }
    }
  }

  /** The rules of {@code url}'s site; asking for them is a request of the queue. */
  private RobotsRules rules(String url, HostTurn q) throws InterruptedException {
    if (robots.knownRulesFor(url) == null) {
      q.await();
    }
    RobotsCache.Lookup lookup = robots.rulesFor(url);
    if (lookup.requested()) {
      q.requestEnded(System.currentTimeMillis(), 0);
    }
    return lookup.rules();
  }

  /** A redirect hop: only to the same host, where robots.txt allows it, after the delay. */
  private boolean mayFollow(String target, HostTurn q) {
    if (queueOf(target).state != q) {
      return false;
    }
    q.requestEnded(System.currentTimeMillis(), 0); // the request that was redirected ended now
    try {
      RobotsRules rules = rules(target, q);
      if (Politeness.robotsVerdict(rules, target, settings.maxCrawlDelayMillis) != null) {
        return false;
      }
      q.setCrawlDelay(rules.getCrawlDelayMillis());
      q.await();
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private record Queue(String id, HostTurn state) {}

  private Queue queueOf(String url) {
    String id;
    try {
      id = queueIds.queueIdFor(url);
    } catch (MalformedURLException e) {
      id = url; // the fetch itself will say why
    }
    return new Queue(id, queues.computeIfAbsent(id, this::newTurn));
  }

  /** A host's turn, its first request after an earlier task's delay for it. */
  private HostTurn newTurn(String id) {
    HostTurn turn =
        new HostTurn(settings.delayMillis, settings.delayFactor, settings.maxCrawlDelayMillis);
    long until = earlier.getOrDefault(id, 0L);
    long now = System.currentTimeMillis();
    if (until > now) {
      turn.quietUntil(now, until, settings.maxCrawlDelayMillis, id);
    }
    return turn;
  }

  /**
   * Hands the hosts still in their delay over to the next task as the file {@code name}; without a
   * robots db to keep them beside (or when they cannot be written), waits until their delays have
   * passed.
   */
  public void handOverQuiet(String name) throws InterruptedException {
    long now = System.currentTimeMillis();
    Map<String, Long> quiet = new HashMap<>();
    queues.forEach((id, turn) -> quiet.put(id, turn.nextFetchTime()));
    if (handOver != null && handOver.tryWrite(name, quiet, now)) {
      return;
    }
    long last = quiet.values().stream().mapToLong(Long::longValue).max().orElse(now);
    long wait = last - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
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
