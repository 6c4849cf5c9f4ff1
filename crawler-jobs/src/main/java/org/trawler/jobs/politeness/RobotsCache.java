package org.trawler.jobs.politeness;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;

/**
 * The robots.txt answers of one fetch task's sites: from memory, else from the robots db (a site's
 * answer is looked up the first time the task meets the site), else asked for. A site is asked at
 * most once per task, even when several threads reach it at once, and only when the kept answer is
 * too old (fetcher.robots.cache.hours, fetcher.robots.retry.hours). The caller asks from inside the
 * site's queue slot: the fetcher asks robots.txt in the turn of the page that needs it, right
 * before the page. The site's /.well-known/tdmrep.json is asked the same way, after robots.txt and
 * before the page ({@link #askTdmRep}), and kept in the same answer.
 */
public final class RobotsCache {
  private static final Logger LOG = LoggerFactory.getLogger(RobotsCache.class);

  /** The start of an HTTP answer's reason: http_404, http_410... */
  private static final String HTTP_REASON = Reason.HTTP.nameFor(0).replace("0", "");

  /** Where kept answers come from: the robots db, or nothing. */
  @FunctionalInterface
  public interface Store {
    /** The site's kept answer, or null. */
    RobotsTxt get(String site) throws IOException;
  }

  /** Where answers asked for now go: the segment, and from there the robots db. */
  @FunctionalInterface
  public interface Sink {
    void asked(String site, RobotsTxt answer);
  }

  /** A site's rules, and whether this lookup asked the site (a request to the host). */
  public record Lookup(RobotsRules rules, boolean requested) {}

  /** The rules of each site met, parsed once. */
  private final ConcurrentMap<String, CompletableFuture<RobotsRules>> rulesBySite =
      new ConcurrentHashMap<>();

  /**
   * The answers whose site has not been asked for its tdmrep.json yet (fetcher.tdmrep), by site: a
   * fetcher thread takes one out and asks in a page's turn of the host ({@link #askTdmRep}).
   */
  private final ConcurrentMap<String, RobotsTxt> tdmRepDue = new ConcurrentHashMap<>();

  private final Protocol protocol;
  private final Store store;
  private final Sink sink;
  private final Sink tdmRepSink;
  private final PolitenessSettings settings;
  private final LongSupplier clock;

  public RobotsCache(
      Protocol protocol, Store store, Sink sink, PolitenessSettings settings, LongSupplier clock) {
    this(protocol, store, sink, sink, settings, clock);
  }

  /**
   * @param tdmRepSink where a site's answer goes again once it carries its tdmrep.json
   */
  public RobotsCache(
      Protocol protocol,
      Store store,
      Sink sink,
      Sink tdmRepSink,
      PolitenessSettings settings,
      LongSupplier clock) {
    this.protocol = protocol;
    this.store = store;
    this.sink = sink;
    this.tdmRepSink = tdmRepSink;
    this.settings = settings;
    this.clock = clock;
  }

  /** The rules for {@code url}'s site, asking the site if no fresh answer is kept. */
  public Lookup rulesFor(String url) {
    String site = URLParts.of(url).origin();
    if (site == null) {
      return new Lookup(RobotsRules.allowAll(), false); // the fetch itself will say why
    }
    CompletableFuture<RobotsRules> mine = new CompletableFuture<>();
    CompletableFuture<RobotsRules> earlier = rulesBySite.putIfAbsent(site, mine);
    if (earlier != null) {
      return new Lookup(earlier.join(), false);
    }
    boolean requested = false;
    try {
      long now = clock.getAsLong();
      RobotsTxt kept = kept(site);
      RobotsTxt answer;
      if (isFresh(kept, now)) {
        answer = kept;
      } else {
        answer = protocol.fetchRobots(url, now).after(kept);
        requested = true;
        sink.asked(site, answer);
      }
      mine.complete(rules(site, answer, now));
    } catch (RuntimeException | Error e) {
      // A bug, not a robots.txt answer: let the next caller try again, and show it to this one.
      rulesBySite.remove(site, mine);
      mine.completeExceptionally(e);
      throw e;
    }
    return new Lookup(mine.join(), requested);
  }

  /**
   * The rules for {@code url}'s site if they are known without asking it (in memory, or fresh in
   * the robots db); else null. A redirect hop may only go where they are known.
   */
  public RobotsRules knownRulesFor(String url) {
    String site = URLParts.of(url).origin();
    if (site == null) {
      return null;
    }
    CompletableFuture<RobotsRules> known = rulesBySite.get(site);
    if (known == null) {
      long now = clock.getAsLong();
      RobotsTxt kept = kept(site);
      if (!isFresh(kept, now)) {
        return null;
      }
      rulesBySite.putIfAbsent(site, CompletableFuture.completedFuture(rules(site, kept, now)));
      known = rulesBySite.get(site);
    }
    return !known.isDone() || known.isCompletedExceptionally() ? null : known.join();
  }

  private RobotsTxt kept(String site) {
    try {
      return store.get(site);
    } catch (IOException e) {
      LOG.warn("cannot read the kept robots.txt of {}: {}; asking the site", site, e.toString());
      return null;
    }
  }

  private boolean isFresh(RobotsTxt kept, long now) {
    return kept != null
        && kept.isFresh(now, settings.robotsCacheMillis, settings.robotsRetryMillis);
  }

  private RobotsRules rules(String site, RobotsTxt answer, long now) {
    RobotsRules rules =
        RobotsRules.of(answer, settings.robotsAgents, now, settings.robotsOutageMillis);
    if (settings.tdmRep && answer.getTdmRepReason().isEmpty() && answeredOverHttp(answer)) {
      tdmRepDue.putIfAbsent(site, answer);
    }
    return rules;
  }

  /**
   * Whether the server itself answered this robots.txt request (a file, or a 4xx): only then is the
   * site asked for its tdmrep.json. A site in an outage gets no extra request, and a denied
   * address, a failed TLS handshake or a redirect loop would answer the file no better.
   */
  static boolean answeredOverHttp(RobotsTxt answer) {
    return !answer.isUnreachable()
        && (answer.getCopy() == RobotsTxt.Copy.FILE || answer.getReason().startsWith(HTTP_REASON));
  }

  /**
   * Asks {@code url}'s site for its tdmrep.json when it is due (fetcher.tdmrep, not asked with the
   * site's current robots.txt answer, not asked by this task yet): the caller is in the host's
   * turn, and asks the page right after. The site's rules then carry the file's, and its answer
   * goes to the robots db with it. The site's answer with its tdmrep.json when a request was made,
   * else null.
   */
  public RobotsTxt askTdmRep(String url) {
    String site = URLParts.of(url).origin();
    RobotsTxt answer = site == null ? null : tdmRepDue.remove(site);
    if (answer == null) {
      return null;
    }
    RobotsTxt withTdmRep = protocol.fetchTdmRep(url, answer);
    if (withTdmRep == null) {
      return null; // the protocol has no such file
    }
    LOG.debug("{}: tdmrep.json {}", site, withTdmRep.getTdmRepReason());
    rulesBySite.put(
        site,
        CompletableFuture.completedFuture(
            RobotsRules.of(
                withTdmRep,
                settings.robotsAgents,
                clock.getAsLong(),
                settings.robotsOutageMillis)));
    tdmRepSink.asked(site, withTdmRep);
    return withTdmRep;
  }
}
