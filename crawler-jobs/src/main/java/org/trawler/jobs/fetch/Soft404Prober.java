package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.URLParts;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.Parsers;
import org.trawler.core.parse.SimHash;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.hostdb.Soft404;
import org.trawler.jobs.hostdb.Soft404Probe;

/**
 * The fetch task's soft-404 probes (fetcher.soft404.probe): the next URL of a host that has
 * answered fetcher.soft404.probe.after.pages pages with 200 in this task, and whose kept probe
 * answer is missing or older than fetcher.soft404.probe.interval, gives its turn to one request for
 * a random path the host cannot have; its answer is judged ({@link Soft404#judge}) and recorded for
 * updatehostdb and updatedb. Once per host per task; shared by the fetcher threads. A host that
 * only redirects (a bare domain sending everyone to www.), answers nothing but errors, or has fewer
 * URLs in the task is not probed: in a broad crawl most hosts are such, and probing each cost more
 * fetches than the soft 404s it found.
 */
final class Soft404Prober implements Closeable {
  private final HostKnowledge known;
  private final long intervalMillis;
  private final Parsers parsers;
  private final SimHash simHash = new SimHash(1); // as parse's short fingerprint
  private final Random random = new Random();
  private final Set<String> claimed = ConcurrentHashMap.newKeySet();
  private final Map<String, Integer> answered = new ConcurrentHashMap<>();
  private final int afterPages;

  Soft404Prober(HostKnowledge known, long intervalMillis, int afterPages, Parsers parsers) {
    this.known = known;
    this.afterPages = Math.max(1, afterPages);
    this.intervalMillis = intervalMillis;
    this.parsers = parsers;
  }

  /** The task's prober, or null with fetcher.soft404.probe=false. */
  static Soft404Prober from(Configuration conf, HostKnowledge known) {
    Soft404Probe probe = Soft404Probe.from(conf);
    if (!probe.on()) {
      return null;
    }
    return new Soft404Prober(
        known,
        probe.intervalMillis(),
        probe.afterPages(),
        new Parsers(conf, List.of(known.learnedParams())));
  }

  /** Reads every setting the tasks read, so a bad one fails before the job. */
  static void checkSettings(Configuration conf) {
    Soft404Probe.from(conf);
  }

  /**
   * The probe URL to ask in this turn of {@code url}'s host, or null: the host was claimed in this
   * task already, or its kept answer is recent enough.
   */
  String claim(String url, long now) {
    String host = URLParts.host(url);
    if (host == null
        || answered.getOrDefault(host, 0) < afterPages
        || !Soft404.due(known.probeOf(host), now, intervalMillis)) {
      return null;
    }
    return claimed.add(host) ? Soft404.probeUrl(url, random) : null;
  }

  /** Notes the outcome of a page of this task: a 200 makes its host worth a probe. */
  void fetched(String url, ProtocolOutput outcome) {
    if (outcome.getStatus() == CrawlStatus.FETCH_SUCCESS && outcome.getHttpCode() == 200) {
      String host = URLParts.host(url);
      if (host != null) {
        answered.merge(host, 1, Integer::sum);
      }
    }
  }

  /** The record of a probe's answer, fetched at {@code now}. */
  HostDatum answer(ProtocolOutput outcome, long now) {
    OptionalLong fingerprint = OptionalLong.empty();
    Content content = outcome.getContent();
    if (outcome.getStatus() == CrawlStatus.FETCH_SUCCESS && content != null) {
      ParseResult parsed = parsers.parse(content);
      fingerprint = simHash.fingerprint(parsed.text().getText());
    }
    HostDatum.Soft404 state =
        Soft404.judge(outcome.getStatus(), outcome.getHttpCode(), fingerprint);
    return Soft404.answer(state, fingerprint, now);
  }

  @Override
  public void close() {
    parsers.close();
  }
}
