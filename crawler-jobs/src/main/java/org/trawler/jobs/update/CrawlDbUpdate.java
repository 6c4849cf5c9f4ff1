package org.trawler.jobs.update;

import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.schedule.FetchSchedule;
import org.trawler.core.schedule.PageChange;
import org.trawler.core.schedule.ScheduleKeys;
import org.trawler.jobs.records.IncomingLinks;

/**
 * The crawldb state machine: from what is known of one URL — its crawldb entry, this round's fetch,
 * the page's signature and its incoming links — the new entry.
 *
 * <ul>
 *   <li>fetch_success → db_fetched, the new signature stored, modifiedTime = fetch time when the
 *       signature changed; fetch_notmodified → db_notmodified; fetch_redir_perm/temp →
 *       db_redir_perm/temp with the target in {@code _repr_}: all due again after the interval the
 *       {@link FetchSchedule} gives, retries reset.
 *   <li>fetch_gone → db_gone, due again after db.fetch.interval.max.
 *   <li>fetch_retry → status kept (db_unfetched for a URL new to the crawldb), retries + 1, due
 *       after db.fetch.retry.delay; the db.fetch.retry.max-th consecutive failure → db_gone. A
 *       host's rate limit is not the page's fault: a 429 counts no retry and is due again at once
 *       (generate holds it back while the hostdb shows the host backed off), and a URL not tried
 *       because its host was backed off (reason host_backoff) keeps its status, retries and fetch
 *       time: still due, generate holds it back while the hostdb shows the host backed off.
 *   <li>links only → a new db_unfetched URL, due now, with the default interval, score = the links'
 *       shares, depth = the smallest link depth; a URL first seen in a feed keeps its newest item
 *       date ({@link MetadataKeys#FEED_ITEM}), so generate takes fresh news first.
 *   <li>no fetch → the entry unchanged except for its links.
 * </ul>
 *
 * Incoming links always add their score shares (OPIC) and may lower the depth. After a fetch the
 * entry keeps its own metadata (seed metadata included), takes the fetch's ({@code _pst_}, ...),
 * and loses the generate mark {@code _ngt_} and the feed item date. A fetch whose parse found a
 * feed marks the entry a feed ({@link MetadataKeys#FEED}): the schedule re-fetches it as often as
 * its items appear. A parsed fetch brings the page's near-duplicate fingerprint and the other URL
 * it names canonical ({@link MetadataKeys#FINGERPRINT}, {@link MetadataKeys#CANONICAL}) for dedup;
 * a definite answer from the server lifts dedup's mark ({@link MetadataKeys#DUPLICATE_OF}) until
 * the next dedup judges the new copy. A parse's topic relevance ({@link MetadataKeys#TOPIC_SCORE})
 * replaces the entry's, and links raise it to the largest they carry. A seed's {@code
 * nutch.fetchInterval.fixed} ({@link MetadataKeys#FIXED_INTERVAL}) pins the interval: every
 * schedule honours it.
 */
public final class CrawlDbUpdate {
  private final FetchSchedule schedule;
  private final int retryMax;
  private final int defaultInterval;
  private final boolean additionsAllowed;
  private final long now;

  /**
   * @param now when this update runs, ms epoch: new URLs are due from then
   */
  public CrawlDbUpdate(
      FetchSchedule schedule,
      int retryMax,
      int defaultInterval,
      boolean additionsAllowed,
      long now) {
    this.schedule = schedule;
    this.retryMax = retryMax;
    this.defaultInterval = defaultInterval;
    this.additionsAllowed = additionsAllowed;
    this.now = now;
  }

  public static CrawlDbUpdate from(Configuration conf, long now) {
    return new CrawlDbUpdate(
        FetchSchedule.create(conf),
        Settings.getInt(conf, UpdateKeys.RETRY_MAX, UpdateKeys.DEFAULT_RETRY_MAX),
        Settings.getInt(conf, ScheduleKeys.INTERVAL, ScheduleKeys.DEFAULT_INTERVAL),
        conf.getBoolean(UpdateKeys.ADDITIONS_ALLOWED, UpdateKeys.DEFAULT_ADDITIONS_ALLOWED),
        now);
  }

  /**
   * The URL's new crawldb entry, or null when it gets none (a URL the crawldb does not have, with
   * additions off or with nothing but a signature). Arguments are not modified.
   *
   * @param old the crawldb entry, or null
   * @param fetch the newest fetch datum of this update's segments, or null
   * @param signature the signature datum parse wrote for that fetch, or null
   * @param links the links the URL received in this update's segments
   */
  public CrawlDatum merge(
      CrawlDatum old, CrawlDatum fetch, CrawlDatum signature, IncomingLinks links) {
    if (old == null && !additionsAllowed) {
      return null;
    }
    CrawlDatum result;
    if (fetch != null) {
      result = afterFetch(old, fetch, signature);
    } else if (old != null) {
      result = new CrawlDatum(old);
    } else if (!links.isEmpty()) {
      result = new CrawlDatum(CrawlStatus.DB_UNFETCHED, defaultInterval, 0f);
      result.setFetchTime(now);
      if (links.newestFeedItem() > 0) {
        result.putMeta(MetadataKeys.FEED_ITEM, links.newestFeedItem());
      }
    } else {
      return null;
    }
    links.creditTo(result);
    return result;
  }

  private CrawlDatum afterFetch(CrawlDatum old, CrawlDatum fetch, CrawlDatum parsed) {
    if (fetch.getStatus() == CrawlStatus.FETCH_RETRY
        && RetryCause.of(fetch) == RetryCause.HOST_BACKOFF) {
      return heldBack(old, fetch);
    }
    byte[] signature = parsed == null ? null : parsed.getSignature();
    CrawlDatum result = new CrawlDatum(old != null ? old : fetch);
    if (old != null) {
      result.getMetadata().putAll(new CrawlDatum(fetch).getMetadata());
      // the fetch carries the depth of generate time; the crawldb may have learnt a shorter path
      // since
      IncomingLinks.lowerDepth(result, old.getMetaInt(MetadataKeys.DEPTH, -1));
    }
    result.getMetadata().remove(MetadataKeys.GENERATE_TIME);
    result.getMetadata().remove(MetadataKeys.RESPONSE_TIME); // the segment keeps it, for the hostdb
    result.getMetadata().remove(MetadataKeys.FEED_ITEM); // fetched: no longer news to fetch first
    if (parsed != null) {
      markFeed(result, parsed);
      takeDedupFacts(result, parsed);
      takeTopicScore(result, parsed);
    }

    CrawlStatus outcome = fetch.getStatus();
    PageChange change = PageChange.UNKNOWN;
    switch (outcome) {
      case FETCH_SUCCESS:
        settle(result, CrawlStatus.DB_FETCHED);
        if (fetch.getMetaString(MetadataKeys.ETAG) == null) {
          result.getMetadata().remove(MetadataKeys.ETAG); // the new copy has no ETag to send back
        }
        change = storeSignature(result, signature, fetch.getFetchTime());
        break;
      case FETCH_NOTMODIFIED:
        settle(result, CrawlStatus.DB_NOTMODIFIED);
        change = PageChange.UNCHANGED;
        break;
      case FETCH_GONE:
        settle(result, CrawlStatus.DB_GONE);
        break;
      case FETCH_REDIR_TEMP:
      case FETCH_REDIR_PERM:
        // the target came with the fetch's metadata in _repr_
        result.setStatus(
            outcome == CrawlStatus.FETCH_REDIR_TEMP
                ? CrawlStatus.DB_REDIR_TEMP
                : CrawlStatus.DB_REDIR_PERM);
        result.setRetries(0);
        result.getMetadata().remove(MetadataKeys.DUPLICATE_OF);
        result.getMetadata().remove(MetadataKeys.DUPLICATE_KIND);
        result.getMetadata().remove(MetadataKeys.DUPLICATE_NEW);
        break;
      case FETCH_RETRY:
        if (RetryCause.of(fetch) == RetryCause.PAGE) {
          result.setRetries(result.getRetries() + 1);
        }
        if (result.getRetries() >= retryMax) {
          result.setStatus(CrawlStatus.DB_GONE);
          outcome = CrawlStatus.FETCH_GONE;
        } else if (old == null) {
          result.setStatus(CrawlStatus.DB_UNFETCHED);
        }
        break;
      default:
        throw new IllegalArgumentException("not a fetch status: " + outcome.label());
    }
    schedule
        .next(result, outcome, fetch.getFetchTime(), result.getModifiedTime(), change)
        .applyTo(result);
    if (outcome == CrawlStatus.FETCH_RETRY && RetryCause.of(fetch) == RetryCause.RATE_LIMITED) {
      // asked too often, the page is fine: due once the host's backoff ends (the hostdb's, which
      // generate follows), not a day later as a failing page
      result.setFetchTime(fetch.getFetchTime());
    }
    return result;
  }

  /**
   * A URL its host's backoff kept from being tried: the entry as it was (status, retries, fetch
   * time: still due), with the reason in {@code _pst_} and the generate mark gone.
   */
  private CrawlDatum heldBack(CrawlDatum old, CrawlDatum fetch) {
    CrawlDatum result;
    if (old != null) {
      result = new CrawlDatum(old);
    } else {
      result = new CrawlDatum(fetch);
      result.setStatus(CrawlStatus.DB_UNFETCHED);
      result.setFetchTime(now);
      result.getMetadata().remove(MetadataKeys.RESPONSE_TIME);
    }
    result.putMeta(MetadataKeys.PROTOCOL_STATUS, fetch.getMetaString(MetadataKeys.PROTOCOL_STATUS));
    result.getMetadata().remove(MetadataKeys.GENERATE_TIME);
    return result;
  }

  /**
   * Whose fault a fetch_retry is: the page's (counted towards db_gone) or the host's rate limit.
   */
  enum RetryCause {
    PAGE,
    /** The host answered 429 Too Many Requests: asked too often, not the page's failure. */
    RATE_LIMITED,
    /** Not tried: the host was backed off (reason host_backoff). */
    HOST_BACKOFF;

    private static final String BACKOFF = Reason.HOST_BACKOFF.nameFor(0);
    private static final String TOO_MANY = Reason.HTTP.nameFor(429);

    static RetryCause of(CrawlDatum fetch) {
      String reason = ProtocolOutput.reasonOf(fetch.getMetaString(MetadataKeys.PROTOCOL_STATUS));
      if (BACKOFF.equals(reason)) {
        return HOST_BACKOFF;
      }
      return TOO_MANY.equals(reason) ? RATE_LIMITED : PAGE;
    }
  }

  /** The entry is a feed when its parse says so (its items' spacing on the signature datum). */
  private static void markFeed(CrawlDatum result, CrawlDatum parsed) {
    if (parsed.getMetadata().containsKey(MetadataKeys.FEED)) {
      result.putMeta(MetadataKeys.FEED, parsed.getMetaInt(MetadataKeys.FEED, 0));
    } else {
      result.getMetadata().remove(MetadataKeys.FEED);
    }
  }

  /**
   * What dedup compares comes from the newest parse: its fingerprint and the other URL it names
   * canonical, or neither when the new copy has none.
   */
  private static void takeDedupFacts(CrawlDatum result, CrawlDatum parsed) {
    if (parsed.getMetadata().containsKey(MetadataKeys.FINGERPRINT)) {
      result.putMeta(MetadataKeys.FINGERPRINT, parsed.getMetaLong(MetadataKeys.FINGERPRINT, 0));
    } else {
      result.getMetadata().remove(MetadataKeys.FINGERPRINT);
    }
    String canonical = parsed.getMetaString(MetadataKeys.CANONICAL);
    if (canonical != null) {
      result.putMeta(MetadataKeys.CANONICAL, canonical);
    } else {
      result.getMetadata().remove(MetadataKeys.CANONICAL);
    }
  }

  /**
   * A parsed page's topic relevance is its text's, not what its parents passed on before: the links
   * of this update may raise it again ({@link IncomingLinks}).
   */
  private static void takeTopicScore(CrawlDatum result, CrawlDatum parsed) {
    if (parsed.getMetadata().get(MetadataKeys.TOPIC_SCORE) instanceof FloatWritable relevance) {
      result.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(relevance.get()));
    }
  }

  /**
   * A definite answer from the server: the new status, and the failure count, old redirect target
   * and duplicate mark cleared (the next dedup judges the new copy).
   */
  private static void settle(CrawlDatum result, CrawlStatus status) {
    result.setStatus(status);
    result.setRetries(0);
    result.getMetadata().remove(MetadataKeys.REDIRECT_TARGET);
    result.getMetadata().remove(MetadataKeys.DUPLICATE_OF);
    result.getMetadata().remove(MetadataKeys.DUPLICATE_KIND);
    result.getMetadata().remove(MetadataKeys.DUPLICATE_NEW);
  }

  /** Stores a new signature; the page changed when it differs from the one before. */
  private static PageChange storeSignature(CrawlDatum result, byte[] signature, long fetchTime) {
    if (signature == null) {
      return PageChange.UNKNOWN; // not parsed: keep what was known
    }
    byte[] previous = result.getSignature();
    if (Arrays.equals(previous, signature)) {
      return PageChange.UNCHANGED;
    }
    result.setSignature(signature.clone());
    result.setModifiedTime(fetchTime);
    return previous == null ? PageChange.UNKNOWN : PageChange.CHANGED;
  }
}
