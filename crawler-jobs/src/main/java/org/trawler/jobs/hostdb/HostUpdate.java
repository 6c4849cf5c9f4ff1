package org.trawler.jobs.hostdb;

import java.util.ArrayList;
import java.util.List;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.politeness.Backoff;
import org.trawler.jobs.politeness.Pace;

/**
 * The host database's decisions, without Hadoop: what one crawldb URL, one fetch or one robots.txt
 * answer contributes to its host, and how a host's parts merge into its new record.
 */
public final class HostUpdate {
  private static final String DNS_FAILURE = Reason.DNS_FAILURE.nameFor(0);
  private static final String HOST_BACKOFF = Reason.HOST_BACKOFF.nameFor(0);
  private static final String TOO_MANY_REQUESTS = Reason.HTTP.nameFor(429);
  private static final String UNAVAILABLE = Reason.HTTP.nameFor(503);

  private HostUpdate() {}

  /**
   * A crawldb URL's page as evidence for learning parameters and traps: a fetched page with a
   * fingerprint, else null. A page dedup marked db_duplicate counts too: its likeness to another is
   * the very evidence (run marks duplicates every round, before the next updatehostdb).
   */
  public static HostPart pageOf(String url, CrawlDatum datum) {
    CrawlStatus s = datum.getStatus();
    if ((s != CrawlStatus.DB_FETCHED
            && s != CrawlStatus.DB_NOTMODIFIED
            && s != CrawlStatus.DB_DUPLICATE)
        || !datum.getMetadata().containsKey(MetadataKeys.FINGERPRINT)) {
      return null;
    }
    String copyOf =
        s == CrawlStatus.DB_DUPLICATE
            ? MirrorLearning.copyOf(url, datum.getMetaString(MetadataKeys.DUPLICATE_OF))
            : "";
    return HostPart.page(url, datum.getMetaLong(MetadataKeys.FINGERPRINT, 0), copyOf);
  }

  /** A crawldb URL: one URL of its status. */
  public static HostDatum ofUrl(CrawlDatum datum) {
    HostDatum h = new HostDatum();
    h.addUrls(datum.getStatus(), 1);
    return h;
  }

  /**
   * A segment's fetch datum: fetched (an answer: success, not modified, redirect), gone, or retry;
   * a DNS failure counts as one too; its response time when it made requests. Null for a datum that
   * is not a fetch status.
   */
  public static HostDatum ofFetch(CrawlDatum datum) {
    CrawlStatus s = datum.getStatus();
    HostDatum h = new HostDatum();
    String reason = reasonOf(datum.getMetaString(MetadataKeys.PROTOCOL_STATUS));
    boolean dns = DNS_FAILURE.equals(reason);
    if (s == CrawlStatus.FETCH_RETRY && HOST_BACKOFF.equals(reason)) {
      h.addRateLimited(1); // not tried: no fetch of the host's, but the backoff holds
      h.setLastFetchTime(datum.getFetchTime());
      return h;
    }
    if (s == CrawlStatus.FETCH_RETRY
        && (TOO_MANY_REQUESTS.equals(reason) || UNAVAILABLE.equals(reason))) {
      h.addRateLimited(1);
    }
    switch (s) {
      case FETCH_SUCCESS, FETCH_NOTMODIFIED, FETCH_REDIR_TEMP, FETCH_REDIR_PERM ->
          h.addFetches(1, 0, 0, dns ? 1 : 0);
      case FETCH_GONE -> h.addFetches(0, 1, 0, dns ? 1 : 0);
      case FETCH_RETRY -> h.addFetches(0, 0, 1, dns ? 1 : 0);
      default -> {
        return null;
      }
    }
    h.setLastFetchTime(datum.getFetchTime());
    h.setResponseTimeMillis(
        datum.getMetaInt(MetadataKeys.RESPONSE_TIME, HostDatum.UNKNOWN_RESPONSE_TIME));
    return h;
  }

  /**
   * A round's refusals (429/503 answers, not the URLs held back unasked) and whether the host
   * answered after the last of them: then the fetch task waited out its backoff and found a pace
   * the host answers at.
   */
  static final class Refusals {
    private int count;
    private long last = Long.MIN_VALUE;
    private long lastAnswer = Long.MIN_VALUE;

    /** One fetch of the round (a FETCHES part). */
    void add(HostDatum fetch) {
      if (fetch.getRateLimited() > 0 && fetch.getRetry() > 0) {
        count++;
        last = Math.max(last, fetch.getLastFetchTime());
      } else if (fetch.getFetched() + fetch.getGone() > 0) {
        lastAnswer = Math.max(lastAnswer, fetch.getLastFetchTime());
      }
    }

    int count() {
      return count;
    }

    /** Refused, then answered later in the round: its backoff was served within the task. */
    boolean recovered() {
      return count > 0 && lastAnswer > last;
    }
  }

  /** The reason in a "code reason message" protocol status, or null. */
  static String reasonOf(String protocolStatus) {
    return ProtocolOutput.reasonOf(protocolStatus);
  }

  /** A robots.txt answer: its reason and the sitemaps the file names. */
  public static HostDatum ofRobots(RobotsTxt txt) {
    HostDatum h = new HostDatum();
    List<String> sitemaps =
        txt.getCopy() == RobotsTxt.Copy.FILE
            ? RobotsRules.of(txt, List.of(), txt.getCheckedTime(), Long.MAX_VALUE).getSitemaps()
            : List.of();
    h.setRobots(txt.getReason(), sitemaps);
    return h;
  }

  /** A host's new record, whether this round failed for it, and whether it is backed off. */
  public record Merged(HostDatum host, boolean failedRound, boolean backedOff) {}

  /**
   * What a host's round is merged with: the backoff and the pace after busy answers, and the
   * learners of irrelevant query parameters, trap templates and mirrors (each off by its own
   * setting of 0), which learn from the first {@code maxPages} PAGE parts (mirrors from all of
   * them).
   */
  public record Learners(
      Backoff backoff,
      Pace pace,
      ParamLearning params,
      TrapLearning traps,
      MirrorLearning mirrors,
      int maxPages) {
    /** Whether any learner learns from pages: else the crawldb's pages need not be sent. */
    public boolean learnFromPages() {
      return params.isOn() || traps.isOn() || mirrors.isOn();
    }
  }

  /**
   * A host's new record from its parts, and whether the round failed for it; null when there is
   * nothing to keep (no URLs, no previous record). URL counts are the crawldb's now (a host no
   * longer in the crawldb keeps none). Fetch counts add up over rounds. The parts' fetches are one
   * round: when the host had fetches and every one was a retry the round failed and the failed
   * rounds grow by one, any other answer resets them. The mean response time is this round's, over
   * the fetches that measured one (each FETCHES part is one fetch), else the previous. The robots
   * answer is the newest one, else the previous.
   *
   * <p>A round in which {@code host} answered busy (429, 503) or was held back by the fetcher's
   * backoff raises its backoff level by one and leaves it out until the learners' backoff delay at
   * the old level after the round's last fetch (such a round is not a failed one: the host
   * answers), unless the host answered after its last refusal (the fetch task waited its backoff
   * out and found a pace it answers at: the backoff's end stays as it was), and raises its pace
   * ({@link Pace#raised}) once per refusal, from the pace it was asked at, as the task did; a round
   * of answers without one halves the level, and once the level is 0 such a round relaxes the pace
   * one step. The learners learn the host's irrelevant query parameters and trap templates from its
   * PAGE parts (shrinking the budgets of traps learned before) and judge whether it mirrors another
   * host.
   */
  public static Merged mergeRound(String host, Iterable<HostPart> parts, Learners learners) {
    HostDatum previous = null;
    MirrorLearning.Tally copies = new MirrorLearning.Tally();
    List<ParamLearning.Page> pages = new ArrayList<>();
    HostDatum urls = new HostDatum();
    HostDatum round = new HostDatum();
    List<HostDatum> robots = new ArrayList<>();
    HostDatum probe = null;
    long responseTimeSum = 0;
    long timedFetches = 0;
    Refusals refusals = new Refusals();
    for (HostPart part : parts) {
      HostDatum d = part.datum();
      switch (part.kind()) {
        case PREVIOUS -> previous = new HostDatum(d);
        case URLS -> urls.addUrls(d);
        case FETCHES -> {
          round.addFetches(d.getFetched(), d.getGone(), d.getRetry(), d.getDnsFailures());
          round.addRateLimited(d.getRateLimited());
          round.setLastFetchTime(Math.max(round.getLastFetchTime(), d.getLastFetchTime()));
          refusals.add(d);
          if (d.getResponseTimeMillis() >= 0) {
            responseTimeSum += d.getResponseTimeMillis();
            timedFetches++;
          }
        }
        case ROBOTS -> robots.add(new HostDatum(d));
        case SOFT404 -> probe = newerProbe(probe, d);
        case PAGE -> {
          copies.add(part.copyOf());
          if (pages.size() < learners.maxPages()) {
            pages.add(new ParamLearning.Page(part.url(), part.fingerprint()));
          }
        }
      }
    }
    if (previous == null && urls.getUrls() == 0) {
      return null;
    }
    HostDatum record = previous == null ? new HostDatum() : previous;
    record.getUrlsByStatus().clear();
    record.addUrls(urls);
    long roundFetches = round.getFetched() + round.getGone() + round.getRetry();
    boolean busy = round.getRateLimited() > 0;
    boolean failed = roundFetches > 0 && round.getRetry() == roundFetches && !busy;
    if (roundFetches > 0) {
      record.addFetches(
          round.getFetched(), round.getGone(), round.getRetry(), round.getDnsFailures());
      record.setLastFetchTime(Math.max(record.getLastFetchTime(), round.getLastFetchTime()));
      if (failed) {
        record.setFailedRounds(record.getFailedRounds() + 1, round.getLastFetchTime());
      } else {
        record.setFailedRounds(0, record.getLastFailedRoundTime());
      }
    }
    if (busy) {
      int level = record.getBackoffLevel();
      record.addRateLimited(round.getRateLimited());
      long until =
          refusals.recovered()
              ? record.getBackoffUntil()
              : round.getLastFetchTime() + learners.backoff().delayMillis(level, host);
      record.setBackoff(level + 1, until);
      record.setPaceMillis(learners.pace().raised(record.getPaceMillis(), refusals.count()));
    } else if (roundFetches > 0 && record.getBackoffLevel() > 0) {
      record.setBackoff(record.getBackoffLevel() / 2, record.getBackoffUntil());
    } else if (roundFetches > 0 && record.getPaceMillis() > 0) {
      // a second round in a row without refusal at this pace: one step back
      record.setPaceMillis(learners.pace().relaxed(record.getPaceMillis()));
    }
    if (timedFetches > 0) {
      record.setResponseTimeMillis((int) Math.round((double) responseTimeSum / timedFetches));
    }
    if (!robots.isEmpty()) {
      record.setRobots(robots(robots), sitemaps(robots));
    }
    if (probe != null && probe.getSoft404Time() >= record.getSoft404Time()) {
      record.setSoft404(probe.getSoft404(), probe.getSoft404Fingerprint(), probe.getSoft404Time());
    }
    if (learners.params().isOn() && !pages.isEmpty()) {
      record.setIrrelevantParams(learners.params().learn(pages, record.getIrrelevantParams()));
    }
    if (learners.traps().isOn() || !record.getTraps().isEmpty()) {
      record.setTraps(learners.traps().learn(pages, record.getTraps()));
    }
    MirrorLearning.Mirror mirror = learners.mirrors().judge(copies);
    record.setMirror(mirror.host(), mirror.evidence());
    return new Merged(record, failed, busy);
  }

  /**
   * The newer of two soft-404 probe answers (a host asked in two fetch lists of one round, or in
   * two segments updated at once); a copy.
   */
  static HostDatum newerProbe(HostDatum kept, HostDatum answer) {
    return kept != null && kept.getSoft404Time() > answer.getSoft404Time()
        ? kept
        : new HostDatum(answer);
  }

  /** The sites' robots reasons: one when they agree, else each once, comma-separated. */
  private static String robots(List<HostDatum> answers) {
    List<String> reasons = new ArrayList<>();
    for (HostDatum a : answers) {
      if (!reasons.contains(a.getRobots())) {
        reasons.add(a.getRobots());
      }
    }
    return String.join(",", reasons);
  }

  private static List<String> sitemaps(List<HostDatum> answers) {
    List<String> all = new ArrayList<>();
    for (HostDatum a : answers) {
      for (String s : a.getSitemaps()) {
        if (!all.contains(s)) {
          all.add(s);
        }
      }
    }
    return all;
  }
}
