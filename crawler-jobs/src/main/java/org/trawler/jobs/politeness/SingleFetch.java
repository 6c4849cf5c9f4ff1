package org.trawler.jobs.politeness;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.FetchWatch;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolClass;
import org.trawler.core.protocol.ProtocolContext;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RobotsRules;

/**
 * Fetches one URL now as a fetch task would, outside any queue: the configured Protocol, the site's
 * robots.txt asked first and judged by the fetcher's own rules (agents, Crawl-delay cap, outage),
 * then its tdmrep.json (fetcher.tdmrep), redirect hops followed inline up to http.redirect.max
 * where robots.txt allows them. No robots db is read or written. The page is fetched as a crawl's
 * page (rendered with fetcher.render). What {@code check} runs.
 */
public final class SingleFetch implements Closeable {
  private final Protocol protocol;
  private final PolitenessSettings settings;
  private final RobotsCache robots;

  /**
   * The robots.txt verdict on the URL, what the site's tdmrep.json answered ("ok", "http_404"...;
   * "" when not asked) and what the fetch gave (the verdict's outcome if denied).
   */
  public record Result(
      RobotsRules robots, ProtocolOutput robotsVerdict, String tdmRep, ProtocolOutput output) {
    /** True when robots.txt let the page be fetched. */
    public boolean robotsAllowed() {
      return robotsVerdict == null;
    }
  }

  public SingleFetch(Configuration conf, LongSupplier clock) {
    this.settings = PolitenessSettings.from(conf);
    this.protocol = ProtocolClass.newInstance(conf);
    this.robots = new RobotsCache(protocol, site -> null, (site, answer) -> {}, settings, clock);
    protocol.start(ProtocolContext.of(this::rulesFor, ProtocolContext.Counts.NONE));
  }

  /**
   * Fetches {@code url}: robots.txt first, then (if allowed) the site's tdmrep.json as the fetcher
   * asks it (fetcher.tdmrep), then the page.
   */
  public Result fetch(String url) {
    RobotsRules rules = robots.rulesFor(url).rules();
    ProtocolOutput verdict = Politeness.robotsVerdict(rules, url, settings.maxCrawlDelayMillis);
    if (verdict != null) {
      return new Result(rules, verdict, "", verdict);
    }
    RobotsTxt tdmRep = robots.askTdmRep(url);
    if (tdmRep != null) {
      rules = robots.rulesFor(url).rules(); // now with the file's rules
    }
    ProtocolOutput out = protocol.fetchPage(url, 0, null, this::mayFollow, FetchWatch.NONE);
    rules.addSignals(url, out);
    return new Result(rules, null, tdmRep == null ? "" : tdmRep.getTdmRepReason(), out);
  }

  /** The protocol the fetches use (with fetcher.render, the one that renders pages). */
  public Protocol protocol() {
    return protocol;
  }

  /** The robots.txt rules of {@code url}'s site, asked for once. */
  public RobotsRules rulesFor(String url) {
    return robots.rulesFor(url).rules();
  }

  private boolean mayFollow(String target) {
    RobotsRules rules = robots.rulesFor(target).rules();
    return Politeness.robotsVerdict(rules, target, settings.maxCrawlDelayMillis) == null;
  }

  @Override
  public void close() throws IOException {
    protocol.close();
  }
}
