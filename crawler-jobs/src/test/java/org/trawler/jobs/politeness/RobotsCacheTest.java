package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RedirectGate;
import org.trawler.jobs.fetch.FetcherSettings;

/**
 * robots.txt across fetch tasks: each task is a new cache over the same kept answers (the robots
 * db), on a clock the test moves, so a day passes without sleeping.
 */
public class RobotsCacheTest {
  private static final long HOUR = 3_600_000L;
  private static final String PAGE = "http://site.test/page";
  private static final String SITE = "http://site.test";

  private final AtomicLong clock = new AtomicLong(1_700_000_000_000L);
  private final Map<String, RobotsTxt> db = new ConcurrentHashMap<>();

  /** A site whose robots.txt the test sets; counts the requests. */
  private static final class Site implements Protocol {
    final AtomicInteger asked = new AtomicInteger();
    volatile String robotsTxt = "User-agent: *\nDisallow: /private\n";
    volatile int status = 200;
    volatile long answerMillis;
    final AtomicInteger tdmRepAsked = new AtomicInteger();
    volatile String tdmRep;

    @Override
    public RobotsTxt fetchTdmRep(String url, RobotsTxt robots) {
      tdmRepAsked.incrementAndGet();
      return tdmRep == null
          ? robots.withTdmRep("http_404", null)
          : robots.withTdmRep(RobotsTxt.TDMREP_OK, tdmRep.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public ProtocolOutput fetch(String url, long ifModifiedSince, RedirectGate gate) {
      throw new UnsupportedOperationException();
    }

    @Override
    public RobotsTxt fetchRobots(String url, long now) {
      asked.incrementAndGet();
      sleep(answerMillis);
      if (status >= 500) {
        return RobotsTxt.unreachable(now, "http_" + status);
      }
      return RobotsTxt.file(
          now, SITE + "/robots.txt", robotsTxt.getBytes(StandardCharsets.UTF_8), "text/plain");
    }

    @Override
    public void close() {}
  }

  private final Site site = new Site();

  /**
   * One fetch task's cache: kept answers from {@link #db}, new ones written back as updatedb would.
   */
  private RobotsCache task(Configuration conf) {
    return new RobotsCache(
        site, db::get, db::put, FetcherSettings.from(conf, clock.get()), clock::get);
  }

  private RobotsCache task() {
    return task(CrawlerConfiguration.create());
  }

  @Test
  public void aSiteIsAskedOnceAcrossTasksWhileItsAnswerIsYoungerThanADay() {
    RobotsCache firstTask = task();
    RobotsCache.Lookup first = firstTask.rulesFor(PAGE);
    assertTrue(first.requested());
    assertFalse(first.rules().isAllowed(SITE + "/private/x"));
    assertFalse("once per task", firstTask.rulesFor(SITE + "/other").requested());
    clock.addAndGet(23 * HOUR);
    RobotsCache laterTask = task();
    assertFalse("kept in the db", laterTask.rulesFor(PAGE).requested());
    assertFalse(laterTask.rulesFor(PAGE).rules().isAllowed(SITE + "/private/x"));
    assertEquals(1, site.asked.get());
  }

  @Test
  public void aSitesTdmRepIsAskedOnceAfterRobotsTxtAndKeptWithIt() {
    Configuration conf = CrawlerConfiguration.create();
    conf.setBoolean(PolitenessKeys.TDMREP, true);
    site.tdmRep = "[{\"location\": \"/page\", \"tdm-reservation\": 1}]";
    RobotsCache firstTask = task(conf);
    assertNull("not before robots.txt", firstTask.askTdmRep(PAGE));
    assertTrue(firstTask.rulesFor(PAGE).requested());
    assertEquals(RobotsTxt.TDMREP_OK, firstTask.askTdmRep(PAGE).getTdmRepReason());
    assertNull("once per task", firstTask.askTdmRep(SITE + "/other"));
    assertEquals(RobotsTxt.TDMREP_OK, db.get(SITE).getTdmRepReason());
    org.trawler.core.datum.Content page =
        new org.trawler.core.datum.Content(PAGE, PAGE, new byte[0], "text/html", false);
    firstTask.rulesFor(PAGE).rules().addSignals(PAGE, ProtocolOutput.success(200, page));
    assertEquals("rule\t1\t\n", page.getMeta().get(org.trawler.core.datum.Content.META_TDMREP));

    clock.addAndGet(23 * HOUR);
    RobotsCache laterTask = task(conf);
    assertFalse(laterTask.rulesFor(PAGE).requested());
    assertNull("kept with robots.txt", laterTask.askTdmRep(PAGE));
    assertEquals(1, site.tdmRepAsked.get());

    Configuration off = CrawlerConfiguration.create();
    off.setBoolean(PolitenessKeys.TDMREP, false);
    RobotsCache offTask = task(off);
    offTask.rulesFor("http://other.test/x");
    assertNull("fetcher.tdmrep=false", offTask.askTdmRep("http://other.test/x"));
  }

  @Test
  public void aMissingTdmRepMeansNoReservationForAsLongAsRobotsTxtIsKept() {
    RobotsCache firstTask = task(); // fetcher.tdmrep is on by default
    firstTask.rulesFor(PAGE);
    assertEquals("http_404", firstTask.askTdmRep(PAGE).getTdmRepReason());
    assertNull("never again in the task", firstTask.askTdmRep(PAGE));
    assertEquals("http_404", db.get(SITE).getTdmRepReason());

    clock.addAndGet(23 * HOUR);
    RobotsCache laterTask = task();
    laterTask.rulesFor(PAGE);
    assertNull("the 404 is kept with robots.txt", laterTask.askTdmRep(PAGE));
    assertEquals(1, site.tdmRepAsked.get());

    clock.addAndGet(HOUR);
    RobotsCache nextDay = task();
    assertTrue(nextDay.rulesFor(PAGE).requested());
    assertEquals(
        "asked again with robots.txt", "http_404", nextDay.askTdmRep(PAGE).getTdmRepReason());
    assertEquals(2, site.tdmRepAsked.get());
  }

  @Test
  public void tdmRepIsAskedOnlyOfSitesWhoseServerAnsweredRobotsTxt() {
    long now = clock.get();
    RobotsTxt file = RobotsTxt.file(now, SITE + "/robots.txt", new byte[0], "text/plain");
    assertTrue(RobotsCache.answeredOverHttp(file));
    assertTrue(RobotsCache.answeredOverHttp(RobotsTxt.missing(now, "http_404")));
    assertFalse(RobotsCache.answeredOverHttp(RobotsTxt.missing(now, "address_denied")));
    assertFalse(RobotsCache.answeredOverHttp(RobotsTxt.missing(now, "tls_error")));
    assertFalse(
        "an outage, even with a kept copy",
        RobotsCache.answeredOverHttp(RobotsTxt.unreachable(now, "http_503").after(file)));

    site.status = 503;
    RobotsCache task = task();
    task.rulesFor(PAGE);
    assertNull(task.askTdmRep(PAGE));
    assertEquals(0, site.tdmRepAsked.get());
  }

  @Test
  public void aRulesChangeIsSeenOnceTheCacheTimeIsOver() {
    task().rulesFor(PAGE);
    site.robotsTxt = "User-agent: *\nDisallow: /\n";
    clock.addAndGet(23 * HOUR);
    assertTrue("still the old rules", task().rulesFor(PAGE).rules().isAllowed(SITE + "/open"));
    clock.addAndGet(HOUR);
    RobotsCache.Lookup later = task().rulesFor(PAGE);
    assertTrue(later.requested());
    assertFalse("the new rules", later.rules().isAllowed(SITE + "/open"));
    assertEquals(2, site.asked.get());
  }

  @Test
  public void withCacheHoursZeroEachTaskAsksOnce() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(PolitenessKeys.ROBOTS_CACHE_HOURS, "0");
    for (int round = 1; round <= 3; round++) {
      RobotsCache task = task(conf);
      assertTrue(task.rulesFor(PAGE).requested());
      assertFalse(task.rulesFor(SITE + "/2").requested());
      assertEquals(round, site.asked.get());
    }
  }

  @Test
  public void anUnreachableRobotsTxtIsNotAskedAgainForTheRetryTime() {
    site.status = 503;
    RobotsCache.Lookup first = task().rulesFor(PAGE);
    assertTrue(first.rules().isUnavailable());
    clock.addAndGet(11 * HOUR);
    RobotsCache.Lookup meanwhile = task().rulesFor(PAGE);
    assertFalse(meanwhile.requested());
    assertTrue("still complete disallow", meanwhile.rules().isUnavailable());
    site.status = 200;
    clock.addAndGet(HOUR);
    RobotsCache.Lookup back = task().rulesFor(PAGE);
    assertTrue(back.requested());
    assertTrue(back.rules().isAllowed(SITE + "/open"));
    assertEquals(2, site.asked.get());
  }

  @Test
  public void anOutageKeepsTheLastGoodCopyAndItsStart() {
    task().rulesFor(PAGE);
    site.status = 503;
    clock.addAndGet(25 * HOUR);
    long outageStart = clock.get();
    RobotsCache.Lookup down = task().rulesFor(PAGE);
    assertTrue(down.requested());
    assertFalse(down.rules().isUnavailable());
    assertFalse(down.rules().isAllowed(SITE + "/private/x"));
    clock.addAndGet(13 * HOUR);
    task().rulesFor(PAGE);
    assertEquals(outageStart, db.get(SITE).getUnreachableSince());
    assertEquals(3, site.asked.get());
  }

  @Test
  public void rulesAreKnownWithoutAskingOnlyWhenKeptOrAskedBefore() {
    RobotsCache task = task();
    assertNull(task.knownRulesFor(PAGE));
    assertEquals(0, site.asked.get());
    task.rulesFor(PAGE);
    assertFalse(task.knownRulesFor(SITE + "/x").isAllowed(SITE + "/private/y"));
    assertFalse("from the db", task().knownRulesFor(PAGE).isAllowed(SITE + "/private/y"));
    assertEquals(1, site.asked.get());
  }

  @Test
  public void robotsTxtIsAskedForOnceWhenTwentyThreadsReachTheSiteAtOnce() throws Exception {
    site.answerMillis = 300; // long enough for every thread to be waiting
    RobotsCache task = task();
    ExecutorService threads = Executors.newFixedThreadPool(20);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<RobotsCache.Lookup>> answers = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        String url = SITE + "/page" + i;
        answers.add(
            threads.submit(
                () -> {
                  start.await();
                  return task.rulesFor(url);
                }));
      }
      start.countDown();
      int requested = 0;
      for (Future<RobotsCache.Lookup> answer : answers) {
        RobotsCache.Lookup lookup = answer.get(10, TimeUnit.SECONDS);
        assertFalse(lookup.rules().isAllowed(SITE + "/private"));
        requested += lookup.requested() ? 1 : 0;
      }
      assertEquals("exactly one thread asked", 1, requested);
    } finally {
      threads.shutdownNow();
    }
    assertEquals(1, site.asked.get());
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
