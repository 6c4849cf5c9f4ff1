package org.trawler.jobs.update;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.trawler.jobs.update.Datums.DAY;
import static org.trawler.jobs.update.Datums.HOUR;
import static org.trawler.jobs.update.Datums.INTERVAL;
import static org.trawler.jobs.update.Datums.NOW;
import static org.trawler.jobs.update.Datums.fetch;
import static org.trawler.jobs.update.Datums.linked;
import static org.trawler.jobs.update.Datums.links;
import static org.trawler.jobs.update.Datums.old;
import static org.trawler.jobs.update.Datums.signature;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.schedule.ScheduleKeys;
import org.trawler.core.scoring.TopicScoringFilter;
import org.trawler.jobs.records.IncomingLinks;

public class CrawlDbUpdateTest {
  private static final long FETCHED = NOW - HOUR;
  private static final Text SEED_KEY = new Text("category");

  private final CrawlDbUpdate update = CrawlDbUpdate.from(Datums.conf(), NOW);
  private final IncomingLinks none = new IncomingLinks();

  private static CrawlDbUpdate adaptive() {
    Configuration conf = Datums.conf();
    conf.set(ScheduleKeys.SCHEDULE_CLASS, "adaptive");
    conf.setBoolean(ScheduleKeys.ADAPTIVE_SYNC_DELTA, false);
    return CrawlDbUpdate.from(conf, NOW);
  }

  private static CrawlDatum fetched(int... signature) {
    CrawlDatum d = old(CrawlStatus.DB_FETCHED);
    d.setSignature(signature(signature).getSignature());
    d.setModifiedTime(NOW - 10 * DAY);
    return d;
  }

  // ---- feeds ----

  @Test
  public void aUrlFirstSeenInAFeedKeepsTheNewestItemDateUntilFetched() {
    CrawlDatum fromPage = linked(0.5f, 2);
    CrawlDatum fromFeed = linked(0.5f, 2);
    fromFeed.putMeta(MetadataKeys.FEED_ITEM, NOW - 3 * HOUR);
    CrawlDatum fromOtherFeed = linked(0.5f, 2);
    fromOtherFeed.putMeta(MetadataKeys.FEED_ITEM, NOW - HOUR);
    CrawlDatum news = update.merge(null, null, null, links(fromPage, fromFeed, fromOtherFeed));
    assertEquals(NOW - HOUR, news.getMetaLong(MetadataKeys.FEED_ITEM, 0));
    assertFalse(
        update
            .merge(null, null, null, links(fromPage))
            .getMetadata()
            .containsKey(MetadataKeys.FEED_ITEM));
    // an entry the crawldb had is no news, whatever links it now
    CrawlDatum known = update.merge(old(CrawlStatus.DB_UNFETCHED), null, null, links(fromFeed));
    assertFalse(known.getMetadata().containsKey(MetadataKeys.FEED_ITEM));
    CrawlDatum fetched =
        update.merge(news, fetch(news, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(1), none);
    assertFalse(fetched.getMetadata().containsKey(MetadataKeys.FEED_ITEM));
  }

  @Test
  public void aFeedIsMarkedAndFetchedAgainAsOftenAsItsItemsAppear() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.setFetchInterval(30 * INTERVAL);
    CrawlDatum parsed = signature(1, 2);
    parsed.putMeta(MetadataKeys.FEED, 2 * 3600);
    CrawlDatum feed =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), parsed, none);
    assertEquals(2 * 3600, feed.getMetaInt(MetadataKeys.FEED, -1));
    assertEquals(2 * 3600, feed.getFetchInterval());
    assertEquals(FETCHED + 2 * HOUR, feed.getFetchTime());
    // nothing new at the next fetch (304): it waits longer; a page it became loses the mark
    CrawlDatum quiet =
        update.merge(feed, fetch(feed, CrawlStatus.FETCH_NOTMODIFIED, NOW), null, none);
    assertEquals(3 * 3600, quiet.getFetchInterval());
    assertTrue(quiet.getMetadata().containsKey(MetadataKeys.FEED));
    CrawlDatum page =
        update.merge(quiet, fetch(quiet, CrawlStatus.FETCH_SUCCESS, NOW), signature(3), none);
    assertFalse(page.getMetadata().containsKey(MetadataKeys.FEED));
  }

  // ---- dedup ----

  @Test
  public void aFetchTakesTheParsesFingerprintAndCanonicalAndEndsADuplicateMark() {
    CrawlDatum old = old(CrawlStatus.DB_DUPLICATE);
    old.putMeta(MetadataKeys.FINGERPRINT, 7L);
    old.putMeta(MetadataKeys.CANONICAL, "http://old.example/");
    old.putMeta(MetadataKeys.DUPLICATE_OF, "http://kept.example/");
    CrawlDatum parsed = signature(1, 2);
    parsed.putMeta(MetadataKeys.FINGERPRINT, 9L);
    CrawlDatum fetched =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), parsed, none);
    assertEquals("db_fetched", fetched.statusLabel());
    assertEquals(9L, fetched.getMetaLong(MetadataKeys.FINGERPRINT, 0));
    assertNull(fetched.getMetaString(MetadataKeys.CANONICAL));
    assertNull(
        "the next dedup judges the new copy", fetched.getMetaString(MetadataKeys.DUPLICATE_OF));
    // a 304 keeps the fingerprint of the copy it has; a new copy too short for one loses it
    CrawlDatum same =
        update.merge(fetched, fetch(fetched, CrawlStatus.FETCH_NOTMODIFIED, NOW), null, none);
    assertEquals(9L, same.getMetaLong(MetadataKeys.FINGERPRINT, 0));
    CrawlDatum shortCopy = signature(3);
    shortCopy.putMeta(MetadataKeys.CANONICAL, "http://www.example/");
    CrawlDatum after =
        update.merge(same, fetch(same, CrawlStatus.FETCH_SUCCESS, NOW), shortCopy, none);
    assertFalse(after.getMetadata().containsKey(MetadataKeys.FINGERPRINT));
    assertEquals("http://www.example/", after.getMetaString(MetadataKeys.CANONICAL));
  }

  @Test
  public void aFailedFetchOfADuplicateKeepsItsMark() {
    CrawlDatum old = old(CrawlStatus.DB_DUPLICATE);
    old.putMeta(MetadataKeys.DUPLICATE_OF, "http://kept.example/");
    CrawlDatum retried =
        update.merge(old, fetch(old, CrawlStatus.FETCH_RETRY, FETCHED), null, none);
    assertEquals("db_duplicate", retried.statusLabel());
    assertEquals("http://kept.example/", retried.getMetaString(MetadataKeys.DUPLICATE_OF));
  }

  // ---- fetch_success ----

  @Test
  public void successBecomesFetchedWithItsSignatureDueAfterTheInterval() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    CrawlDatum result =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(1, 2, 3), none);
    assertEquals("db_fetched", result.statusLabel());
    assertArrayEquals(new byte[] {1, 2, 3}, result.getSignature());
    assertEquals(FETCHED, result.getModifiedTime());
    assertEquals(FETCHED + INTERVAL * 1000L, result.getFetchTime());
    assertEquals(INTERVAL, result.getFetchInterval());
  }

  @Test
  public void changedSignatureSetsModifiedTimeToTheFetchTime() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum result =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(2, 2), none);
    assertArrayEquals(new byte[] {2, 2}, result.getSignature());
    assertEquals(FETCHED, result.getModifiedTime());
  }

  @Test
  public void unchangedSignatureKeepsModifiedTime() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum result =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(1, 1), none);
    assertEquals("db_fetched", result.statusLabel());
    assertEquals(NOW - 10 * DAY, result.getModifiedTime());
  }

  @Test
  public void unparsedPageKeepsItsSignatureAndModifiedTime() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum result =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), null, none);
    assertEquals("db_fetched", result.statusLabel());
    assertArrayEquals(new byte[] {1, 1}, result.getSignature());
    assertEquals(NOW - 10 * DAY, result.getModifiedTime());
  }

  @Test
  public void successResetsRetries() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.setRetries(2);
    CrawlDatum result =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(1), none);
    assertEquals(0, result.getRetries());
  }

  @Test
  public void adaptiveScheduleShortensTheIntervalOfAChangedPage() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum result =
        adaptive()
            .merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(2, 2), none);
    assertEquals(Math.round(INTERVAL * 0.8), result.getFetchInterval());
    assertEquals(FETCHED + result.getFetchInterval() * 1000L, result.getFetchTime());
  }

  @Test
  public void adaptiveScheduleLengthensTheIntervalOfAnUnchangedPage() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum result =
        adaptive()
            .merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(1, 1), none);
    assertEquals(Math.round(INTERVAL * 1.4), result.getFetchInterval());
  }

  @Test
  public void fetchedUrlNewToTheCrawlDbIsAdded() {
    CrawlDatum fetch = fetch(CrawlStatus.FETCH_SUCCESS, FETCHED);
    CrawlDatum result = update.merge(null, fetch, signature(7), none);
    assertEquals("db_fetched", result.statusLabel());
    assertArrayEquals(new byte[] {7}, result.getSignature());
    assertEquals(FETCHED + INTERVAL * 1000L, result.getFetchTime());
  }

  // ---- fetch_notmodified ----

  @Test
  public void theEtagOfTheLastFetchedCopyIsKeptAndDroppedWhenTheNewCopyHasNone() {
    CrawlDatum old = fetched(1, 1);
    old.putMeta(MetadataKeys.ETAG, "\"v1\"");
    CrawlDatum notModified = fetch(old, CrawlStatus.FETCH_NOTMODIFIED, FETCHED);
    assertEquals(
        "\"v1\"", update.merge(old, notModified, null, none).getMetaString(MetadataKeys.ETAG));
    CrawlDatum changed = fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED);
    changed.putMeta(MetadataKeys.ETAG, "\"v2\"");
    assertEquals(
        "\"v2\"", update.merge(old, changed, signature(2), none).getMetaString(MetadataKeys.ETAG));
    CrawlDatum noTag = fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED);
    noTag.getMetadata().remove(MetadataKeys.ETAG);
    assertNull(update.merge(old, noTag, signature(2), none).getMetaString(MetadataKeys.ETAG));
  }

  @Test
  public void theResponseTimeStaysInTheSegment() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED);
    fetch.putMeta(MetadataKeys.RESPONSE_TIME, 120);
    assertNull(
        update.merge(old, fetch, signature(2), none).getMetaString(MetadataKeys.RESPONSE_TIME));
    assertNull(
        update.merge(null, fetch, signature(2), none).getMetaString(MetadataKeys.RESPONSE_TIME));
  }

  @Test
  public void notModifiedBecomesNotModifiedAndKeepsSignature() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum result =
        update.merge(old, fetch(old, CrawlStatus.FETCH_NOTMODIFIED, FETCHED), null, none);
    assertEquals("db_notmodified", result.statusLabel());
    assertArrayEquals(new byte[] {1, 1}, result.getSignature());
    assertEquals(NOW - 10 * DAY, result.getModifiedTime());
    assertEquals(FETCHED + INTERVAL * 1000L, result.getFetchTime());
  }

  @Test
  public void notModifiedGrowsTheAdaptiveInterval() {
    CrawlDatum old = fetched(1, 1);
    CrawlDatum result =
        adaptive().merge(old, fetch(old, CrawlStatus.FETCH_NOTMODIFIED, FETCHED), null, none);
    assertEquals(Math.round(INTERVAL * 1.4), result.getFetchInterval());
    assertEquals(FETCHED + result.getFetchInterval() * 1000L, result.getFetchTime());
  }

  // ---- redirects ----

  @Test
  public void permanentRedirectKeepsItsTargetAndIsDueAfterTheInterval() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_REDIR_PERM, FETCHED);
    fetch.putMeta(MetadataKeys.REDIRECT_TARGET, "http://example.com/new");
    CrawlDatum result = update.merge(old, fetch, null, none);
    assertEquals("db_redir_perm", result.statusLabel());
    assertEquals("http://example.com/new", result.getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals(FETCHED + INTERVAL * 1000L, result.getFetchTime());
  }

  @Test
  public void temporaryRedirectKeepsItsTarget() {
    CrawlDatum old = old(CrawlStatus.DB_FETCHED);
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_REDIR_TEMP, FETCHED);
    fetch.putMeta(MetadataKeys.REDIRECT_TARGET, "http://example.com/login");
    CrawlDatum result = update.merge(old, fetch, null, none);
    assertEquals("db_redir_temp", result.statusLabel());
    assertEquals("http://example.com/login", result.getMetaString(MetadataKeys.REDIRECT_TARGET));
  }

  @Test
  public void pageThatNoLongerRedirectsForgetsTheOldTarget() {
    CrawlDatum old = old(CrawlStatus.DB_REDIR_TEMP);
    old.putMeta(MetadataKeys.REDIRECT_TARGET, "http://example.com/login");
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED);
    CrawlDatum result = update.merge(old, fetch, signature(1), none);
    assertNull(result.getMetaString(MetadataKeys.REDIRECT_TARGET));
  }

  // ---- fetch_gone ----

  @Test
  public void goneIsDueAgainAfterTheMaximumInterval() {
    CrawlDatum old = fetched(1);
    CrawlDatum result = update.merge(old, fetch(old, CrawlStatus.FETCH_GONE, FETCHED), null, none);
    assertEquals("db_gone", result.statusLabel());
    assertEquals(FETCHED + 7_776_000_000L, result.getFetchTime());
  }

  // ---- fetch_retry ----

  @Test
  public void retryKeepsTheStatusCountsTheFailureAndIsDueAfterTheRetryDelay() {
    CrawlDatum old = fetched(1);
    CrawlDatum result = update.merge(old, fetch(old, CrawlStatus.FETCH_RETRY, FETCHED), null, none);
    assertEquals("db_fetched", result.statusLabel());
    assertEquals(1, result.getRetries());
    assertEquals(FETCHED + DAY, result.getFetchTime());
    assertEquals(INTERVAL, result.getFetchInterval());
  }

  @Test
  public void retryOfAUrlNewToTheCrawlDbLeavesItUnfetched() {
    CrawlDatum result = update.merge(null, fetch(CrawlStatus.FETCH_RETRY, FETCHED), null, none);
    assertEquals("db_unfetched", result.statusLabel());
    assertEquals(1, result.getRetries());
  }

  @Test
  public void retryAfterThreeFailuresBecomesGone() {
    CrawlDatum entry = old(CrawlStatus.DB_UNFETCHED);
    for (int failure = 1; failure <= 3; failure++) {
      long time = FETCHED + failure * DAY;
      entry = update.merge(entry, fetch(entry, CrawlStatus.FETCH_RETRY, time), null, none);
      assertEquals(failure, entry.getRetries());
      if (failure < 3) {
        assertEquals("db_unfetched", entry.statusLabel());
        assertEquals(time + DAY, entry.getFetchTime());
      } else {
        assertEquals("db_gone", entry.statusLabel());
        assertEquals(time + 7_776_000_000L, entry.getFetchTime());
      }
    }
  }

  @Test
  public void retryMaximumComesFromConfiguration() {
    Configuration conf = Datums.conf();
    conf.setInt(UpdateKeys.RETRY_MAX, 1);
    CrawlDatum old = old(CrawlStatus.DB_FETCHED);
    CrawlDatum result =
        CrawlDbUpdate.from(conf, NOW)
            .merge(old, fetch(old, CrawlStatus.FETCH_RETRY, FETCHED), null, none);
    assertEquals("db_gone", result.statusLabel());
  }

  @Test
  public void aUrlHeldBackByItsHostsBackoffStaysDueWithoutARetry() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.setRetries(2); // one more failure of its own would make it gone
    old.putMeta(MetadataKeys.GENERATE_TIME, FETCHED);
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_RETRY, FETCHED);
    fetch.putMeta(MetadataKeys.PROTOCOL_STATUS, "0 host_backoff a.test answered 429/503");
    CrawlDatum result = update.merge(old, fetch, null, none);
    assertEquals("db_unfetched", result.statusLabel());
    assertEquals(2, result.getRetries());
    assertEquals("still due, as before", NOW - HOUR, result.getFetchTime());
    assertEquals(
        "0 host_backoff a.test answered 429/503",
        result.getMetaString(MetadataKeys.PROTOCOL_STATUS));
    assertNull("may be generated again", result.getMetaString(MetadataKeys.GENERATE_TIME));
  }

  @Test
  public void aUrlNewToTheCrawlDbHeldBackByItsHostsBackoffIsUnfetchedAndDue() {
    CrawlDatum fetch = fetch(CrawlStatus.FETCH_RETRY, FETCHED);
    fetch.putMeta(MetadataKeys.PROTOCOL_STATUS, "0 host_backoff");
    CrawlDatum result = update.merge(null, fetch, null, none);
    assertEquals("db_unfetched", result.statusLabel());
    assertEquals(0, result.getRetries());
    assertEquals(NOW, result.getFetchTime());
  }

  @Test
  public void tooManyRequestsIsDueAgainAtOnceWithoutCountingTowardsGone() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.setRetries(2);
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_RETRY, FETCHED);
    fetch.putMeta(MetadataKeys.PROTOCOL_STATUS, "429 http_429");
    CrawlDatum result = update.merge(old, fetch, null, none);
    assertEquals("db_unfetched", result.statusLabel());
    assertEquals(2, result.getRetries());
    assertEquals(
        "due when its host's backoff ends, not a day later", FETCHED, result.getFetchTime());
    CrawlDatum unavailable = fetch(old, CrawlStatus.FETCH_RETRY, FETCHED);
    unavailable.putMeta(MetadataKeys.PROTOCOL_STATUS, "503 http_503");
    assertEquals(
        "a 503 may be the page's own failure: counted",
        "db_gone",
        update.merge(old, unavailable, null, none).statusLabel());
  }

  // ---- links ----

  @Test
  public void linkedUrlIsNewUnfetchedAndDueNowWithTheLinksScoreAndSmallestDepth() {
    CrawlDatum result =
        update.merge(null, null, null, links(linked(0.25f, 3), linked(0.5f, 2), linked(0.125f, 4)));
    assertEquals("db_unfetched", result.statusLabel());
    assertEquals(0.875f, result.getScore(), 1e-6);
    assertEquals(2, result.getDepth());
    assertEquals(NOW, result.getFetchTime());
    assertEquals(2_592_000, result.getFetchInterval());
    assertEquals(0, result.getRetries());
  }

  @Test
  public void knownUrlGainsTheLinksScoreAndTheirSmallerDepth() {
    CrawlDatum old = old(CrawlStatus.DB_FETCHED);
    old.setDepth(5);
    CrawlDatum result = update.merge(old, null, null, links(linked(0.5f, 3), linked(0.25f, 7)));
    assertEquals(1.75f, result.getScore(), 1e-6);
    assertEquals(3, result.getDepth());
    assertEquals(old.getFetchTime(), result.getFetchTime());
    assertEquals("db_fetched", result.statusLabel());
  }

  @Test
  public void knownUrlKeepsItsDepthWhenLinksAreDeeper() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.setDepth(0);
    CrawlDatum result = update.merge(old, null, null, links(linked(0.5f, 3)));
    assertEquals(0, result.getDepth());
  }

  @Test
  public void fetchedUrlAlsoGainsItsIncomingLinksScore() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    CrawlDatum result =
        update.merge(
            old,
            fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED),
            signature(1),
            links(linked(0.5f, 1)));
    assertEquals(1.5f, result.getScore(), 1e-6);
  }

  @Test
  public void urlNotFetchedThisRoundIsUnchanged() {
    CrawlDatum old = fetched(1, 2);
    old.putMeta(MetadataKeys.GENERATE_TIME, NOW - HOUR);
    assertEquals(old, update.merge(old, null, null, none));
  }

  @Test
  public void urlWithNothingButASignatureGetsNoEntry() {
    assertNull(update.merge(null, null, signature(1), none));
  }

  @Test
  public void withoutAdditionsNewUrlsAreDroppedAndKnownOnesUpdated() {
    Configuration conf = Datums.conf();
    conf.setBoolean(UpdateKeys.ADDITIONS_ALLOWED, false);
    CrawlDbUpdate noAdditions = CrawlDbUpdate.from(conf, NOW);
    assertNull(noAdditions.merge(null, null, null, links(linked(1f, 1))));
    assertNull(
        noAdditions.merge(null, fetch(CrawlStatus.FETCH_SUCCESS, FETCHED), signature(1), none));
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    CrawlDatum result =
        noAdditions.merge(
            old,
            fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED),
            signature(1),
            links(linked(1f, 1)));
    assertEquals("db_fetched", result.statusLabel());
    assertEquals(2f, result.getScore(), 1e-6);
  }

  // ---- metadata ----

  @Test
  public void protocolStatusOfTheFetchGoesIntoTheEntry() {
    CrawlDatum old = old(CrawlStatus.DB_FETCHED);
    old.putMeta(MetadataKeys.PROTOCOL_STATUS, "200 ok");
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_GONE, FETCHED);
    fetch.putMeta(MetadataKeys.PROTOCOL_STATUS, "404 not_found");
    assertEquals(
        "404 not_found",
        update.merge(old, fetch, null, none).getMetaString(MetadataKeys.PROTOCOL_STATUS));
  }

  @Test
  public void generateMarkIsRemovedAfterAFetch() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.putMeta(MetadataKeys.GENERATE_TIME, NOW - 2 * HOUR);
    CrawlDatum result =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), signature(1), none);
    assertFalse(result.getMetadata().containsKey(MetadataKeys.GENERATE_TIME));
  }

  @Test
  public void depthLearntSinceGenerateIsNotOverwrittenByTheFetch() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED);
    fetch.setDepth(4);
    old.setDepth(2);
    assertEquals(2, update.merge(old, fetch, signature(1), none).getDepth());
  }

  @Test
  public void fixedIntervalPinsTheIntervalWhateverTheSchedule() {
    CrawlDatum entry = fetched(1);
    entry.putMeta(MetadataKeys.FIXED_INTERVAL, 600);
    entry.setFetchInterval(600);
    CrawlDbUpdate adaptive = adaptive();
    for (CrawlStatus outcome :
        new CrawlStatus[] {CrawlStatus.FETCH_NOTMODIFIED, CrawlStatus.FETCH_SUCCESS}) {
      entry = adaptive.merge(entry, fetch(entry, outcome, FETCHED), signature(9), none);
      assertEquals(600, entry.getFetchInterval());
      assertEquals(FETCHED + 600_000L, entry.getFetchTime());
    }
  }

  @Test
  public void seedMetadataSurvivesEveryTransition() {
    for (CrawlStatus outcome :
        new CrawlStatus[] {
          CrawlStatus.FETCH_SUCCESS,
          CrawlStatus.FETCH_NOTMODIFIED,
          CrawlStatus.FETCH_REDIR_TEMP,
          CrawlStatus.FETCH_REDIR_PERM,
          CrawlStatus.FETCH_GONE,
          CrawlStatus.FETCH_RETRY
        }) {
      CrawlDatum old = old(CrawlStatus.DB_FETCHED);
      old.putMeta(SEED_KEY, "news");
      CrawlDatum fetch = fetch(old, outcome, FETCHED);
      fetch.getMetadata().remove(SEED_KEY); // even when the fetch lost it
      CrawlDatum result = update.merge(old, fetch, signature(1), links(linked(0.1f, 2)));
      assertEquals(outcome.label(), "news", result.getMetaString(SEED_KEY));
    }
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.putMeta(SEED_KEY, "news");
    assertEquals(
        "news", update.merge(old, null, null, links(linked(0.1f, 2))).getMetaString(SEED_KEY));
    CrawlDatum fetchOnly = fetch(CrawlStatus.FETCH_SUCCESS, FETCHED);
    fetchOnly.putMeta(SEED_KEY, "news");
    assertEquals("news", update.merge(null, fetchOnly, null, none).getMetaString(SEED_KEY));
  }

  @Test
  public void mergeDoesNotModifyItsArguments() {
    CrawlDatum old = fetched(1);
    CrawlDatum fetch = fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED);
    CrawlDatum oldCopy = new CrawlDatum(old);
    CrawlDatum fetchCopy = new CrawlDatum(fetch);
    update.merge(old, fetch, signature(2), links(linked(1f, 0)));
    assertEquals(oldCopy, old);
    assertEquals(fetchCopy, fetch);
    assertTrue(old.getSignature()[0] == 1);
  }

  @Test
  public void aParseSetsTheTopicRelevanceAndLinksFromBetterPagesRaiseIt() {
    CrawlDatum old = old(CrawlStatus.DB_UNFETCHED);
    old.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(0.7f)); // its parents'
    CrawlDatum parsed = signature(1, 2);
    parsed.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(0.1f));
    CrawlDatum fetched =
        update.merge(old, fetch(old, CrawlStatus.FETCH_SUCCESS, FETCHED), parsed, none);
    assertEquals("its own text now", 0.1f, TopicScoringFilter.relevance(fetched), 0f);
    CrawlDatum link = linked(0.5f, 1);
    link.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(0.4f));
    CrawlDatum linkedLater = update.merge(fetched, null, null, links(link));
    assertEquals(0.4f, TopicScoringFilter.relevance(linkedLater), 0f);
    CrawlDatum fresh = update.merge(null, null, null, links(link));
    assertEquals(0.4f, TopicScoringFilter.relevance(fresh), 0f);
  }
}
