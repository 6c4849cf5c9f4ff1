package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.jobs.politeness.Backoff;
import org.trawler.jobs.politeness.Pace;

/** Politeness queue logic, on a clock the test sets (times in ms). */
public class FetchQueuesTest {
  private final AtomicLong clock = new AtomicLong();

  private FetchQueues queues(int capacity, int perQueue, long delay, int maxErrors) {
    return new FetchQueues(capacity, perQueue, delay, maxErrors, clock::get);
  }

  private static FetchItem item(String host, String path) {
    return new FetchItem(new Text("http://" + host + path), new CrawlDatum(), "http://" + host);
  }

  private static FetchItem put(FetchQueues q, String host, String path)
      throws InterruptedException {
    FetchItem item = item(host, path);
    assertTrue(q.put(item));
    return item;
  }

  @Test
  public void nextRequestToAHostStartsDelayAfterThePreviousEnded() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    FetchItem first = put(q, "a", "/1");
    FetchItem second = put(q, "a", "/2");
    assertSame(first, q.nextReady(0));
    assertNull("one request at a time", q.nextReady(0));
    q.finish(first, 500, true, 0, false);
    assertNull(q.nextReady(1499));
    assertSame(second, q.nextReady(1500));
  }

  @Test
  public void anItemPutBackAfterAProbeGoesFirstAfterTheDelay() throws Exception {
    FetchQueues q = queues(2, 1, 1000, -1);
    FetchItem first = put(q, "a", "/1");
    FetchItem second = put(q, "a", "/2");
    assertSame(first, q.nextReady(0));
    assertTrue(q.putBack(first, 300)); // the soft-404 probe was asked in first's turn
    assertNull("the delay holds after the probe too", q.nextReady(1299));
    assertSame("it keeps its place at the head", first, q.nextReady(1300));
    q.finish(first, 1400, true, 0, false);
    assertSame(second, q.nextReady(2400));
  }

  @Test
  public void theQueuesAreQuietOnceEveryHostsLastDelayHasPassedAndHandThoseDelaysOver()
      throws Exception {
    FetchQueues q = queues(10, 1, 1000, -1);
    FetchItem a = put(q, "a", "/1");
    FetchItem b = put(q, "b", "/1");
    assertSame(a, q.nextReady(0));
    assertSame(b, q.nextReady(0));
    q.setCrawlDelay(b, 2000);
    q.finish(a, 300, true, 0, false);
    q.finish(b, 100, true, 0, false);
    assertEquals("b's Crawl-delay ends last", 2100, q.quietAt());
    assertEquals(
        "handed over to the next task",
        Map.of("http://a", 1300L, "http://b", 2100L),
        q.quietTimes(1000));
    assertEquals("a's delay has passed", Map.of("http://b", 2100L), q.quietTimes(1300));
  }

  @Test
  public void aHostAnEarlierTaskLeftInItsDelayIsFirstAskedWhenItEnds() throws Exception {
    clock.set(1000);
    FetchQueues q = queues(10, 1, 500, -1).startingAfter(id -> id.equals("http://a") ? 1300 : 0);
    FetchItem a = put(q, "a", "/1");
    FetchItem b = put(q, "b", "/1");
    assertSame("b at once", b, q.nextReady(1000));
    assertNull("a not before the earlier task's delay ends", q.nextReady(1299));
    assertSame(a, q.nextReady(1300));
  }

  @Test
  public void anItemPutBackAfterTheHaltIsDropped() throws Exception {
    FetchQueues q = queues(10, 1, 0, -1);
    FetchItem first = put(q, "a", "/1");
    put(q, "a", "/2");
    assertSame(first, q.nextReady(0));
    assertEquals(1, q.halt());
    assertFalse(q.putBack(first, 10));
    assertEquals(1, q.droppedAfterHalt());
  }

  @Test
  public void aRedirectHopWaitsTheDelayKeepingTheQueueSlot() throws Exception {
    FetchQueues q = new FetchQueues(10, 1, 150, -1, System::currentTimeMillis);
    FetchItem first = put(q, "a", "/1");
    put(q, "a", "/2");
    long start = System.currentTimeMillis();
    assertSame(first, q.nextReady(start));
    assertTrue(q.awaitNextRequest(first));
    long waited = System.currentTimeMillis() - start;
    assertTrue("waited " + waited + " ms", waited >= 150);
    assertNull("the slot stays the item's", q.nextReady(System.currentTimeMillis()));
  }

  @Test
  public void aQueueAdmitsAtMostThreadsPerQueueRequestsAtOnce() throws Exception {
    FetchQueues q = queues(100, 2, 0, -1);
    FetchItem a1 = put(q, "a", "/1");
    put(q, "a", "/2");
    FetchItem a3 = put(q, "a", "/3");
    assertNotNull(q.nextReady(0));
    assertNotNull(q.nextReady(0));
    assertNull(q.nextReady(0));
    q.finish(a1, 10, true, 0, false);
    assertSame(a3, q.nextReady(10));
  }

  @Test
  public void otherHostsAreNotHeldBackByABusyOne() throws Exception {
    FetchQueues q = queues(100, 1, 5000, -1);
    put(q, "a", "/1");
    put(q, "a", "/2");
    FetchItem b = put(q, "b", "/1");
    q.nextReady(0);
    assertSame(b, q.nextReady(0));
  }

  @Test
  public void queuesAreServedInTurn() throws Exception {
    FetchQueues q = queues(100, 1, 0, -1);
    FetchItem a1 = put(q, "a", "/1");
    put(q, "a", "/2");
    FetchItem b1 = put(q, "b", "/1");
    assertSame(a1, q.nextReady(0));
    q.finish(a1, 0, true, 0, false);
    assertSame("a was just served: b's turn", b1, q.nextReady(0));
  }

  @Test
  public void aCrawlDelayLargerThanTheServerDelayReplacesIt() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    q.nextReady(0);
    q.setCrawlDelay(a1, 3000);
    q.finish(a1, 0, true, 0, false);
    assertNull(q.nextReady(2999));
    assertSame(a2, q.nextReady(3000));
  }

  @Test
  public void aCrawlDelaySmallerThanTheServerDelayChangesNothing() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    q.nextReady(0);
    q.setCrawlDelay(a1, 200);
    q.finish(a1, 0, true, 0, false);
    assertNull(q.nextReady(999));
    assertSame(a2, q.nextReady(1000));
  }

  @Test
  public void retryAfterKeepsTheHostWaitingLongerThanTheDelay() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    q.nextReady(0);
    q.finish(a1, 100, true, 10_000, true);
    assertNull(q.nextReady(10_099));
    assertSame(a2, q.nextReady(10_100));
  }

  @Test
  public void anItemDecidedWithoutARequestDoesNotDelayTheNext() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    FetchItem a1 = put(q, "a", "/private");
    FetchItem a2 = put(q, "a", "/2");
    q.nextReady(0);
    q.finish(a1, 5, false, 0, false);
    assertSame(a2, q.nextReady(5));
  }

  @Test
  public void aQueueIsDroppedAfterMaxErrorsAndTheRestComesOutAtOnce() throws Exception {
    FetchQueues q = queues(100, 1, 1000, 2);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    FetchItem a3 = put(q, "a", "/3");
    FetchItem a4 = put(q, "a", "/4");
    q.nextReady(0);
    q.finish(a1, 0, true, 0, true);
    assertNull(q.verdictFor(a2));
    assertSame(a2, q.nextReady(1000));
    q.finish(a2, 1000, true, 0, true);

    ProtocolOutput verdict = q.verdictFor(a3);
    assertEquals(CrawlStatus.FETCH_RETRY, verdict.getStatus());
    assertEquals("queue_dropped", verdict.getReasonName());
    assertSame("no delay, no limit of one at a time", a3, q.nextReady(1000));
    assertSame(a4, q.nextReady(1000));
  }

  @Test
  public void anEmptiedQueueStillHonoursItsDelay() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    FetchItem a1 = put(q, "a", "/1");
    q.nextReady(0);
    q.finish(a1, 0, true, 0, false);
    assertNull(
        q.nextReady(500)); // nothing queued: the queue could be forgotten, but not before its delay
    FetchItem a2 = put(q, "a", "/2");
    assertNull(q.nextReady(999));
    assertSame(a2, q.nextReady(1000));
  }

  @Test
  public void takeEndsOnceFeedingIsDoneAndNothingIsQueued() throws Exception {
    FetchQueues q = queues(100, 1, 0, -1);
    FetchItem a1 = put(q, "a", "/1");
    q.endFeeding();
    assertSame(a1, q.take());
    assertNull(q.take());
  }

  @Test
  public void haltDropsQueuedItemsAndStopsPutAndTake() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    put(q, "a", "/1");
    put(q, "a", "/2");
    put(q, "b", "/1");
    assertEquals(3, q.halt());
    assertNull(q.take());
    assertFalse(q.put(item("c", "/1")));
    assertEquals(0, q.stats(0).queued());
  }

  @Test
  public void theFeederWaitsWhileTheQueuesAreFull() throws Exception {
    FetchQueues q = queues(2, 1, 0, -1);
    FetchItem a1 = put(q, "a", "/1");
    put(q, "b", "/1");
    Thread feeder =
        new Thread(
            () -> {
              try {
                q.put(item("c", "/1"));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    feeder.start();
    feeder.join(300);
    assertTrue("blocked while 2 of 2 items are held", feeder.isAlive());
    assertSame(a1, q.nextReady(0));
    assertTrue("an item in flight is still held", feeder.isAlive());
    q.finish(a1, 0, true, 0, false);
    feeder.join(5000);
    assertFalse(feeder.isAlive());
    assertEquals(2, q.stats(0).peakHeld());
  }

  @Test
  public void statsCountQueuesAndReadyQueues() throws Exception {
    FetchQueues q = queues(100, 1, 1000, -1);
    FetchItem a1 = put(q, "a", "/1");
    put(q, "a", "/2");
    put(q, "b", "/1");
    q.nextReady(0);
    FetchQueues.Stats s = q.stats(0);
    assertEquals(2, s.queues());
    assertEquals(1, s.readyQueues());
    assertEquals(2, s.queued());
    assertEquals(1, s.inFlight());
    q.finish(a1, 0, true, 0, false);
  }

  @Test
  public void manyThreadsTakeEveryItemOnceAndEndWhenFeedingEnds() throws Exception {
    FetchQueues q = new FetchQueues(200, 1, 2, -1, System::currentTimeMillis);
    java.util.Set<String> taken = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.atomic.AtomicInteger duplicates =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.List<Thread> threads = new java.util.ArrayList<>();
    for (int t = 0; t < 40; t++) {
      Thread thread =
          new Thread(
              () -> {
                try {
                  FetchItem item;
                  while ((item = q.take()) != null) {
                    if (!taken.add(item.url.toString())) {
                      duplicates.incrementAndGet();
                    }
                    q.finish(item, System.currentTimeMillis(), true, 0, false);
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      thread.start();
      threads.add(thread);
    }
    for (int i = 0; i < 5; i++) {
      for (int h = 0; h < 300; h++) {
        put(q, "h" + h, "/" + i);
      }
    }
    q.endFeeding();
    for (Thread thread : threads) {
      thread.join(20_000);
      assertFalse("every taker ends once all is taken", thread.isAlive());
    }
    assertEquals(1500, taken.size());
    assertEquals(0, duplicates.get());
  }

  /** Queues whose hosts back off from 1 s (up to 10 s) and that wait at most {@code maxWait}. */
  private FetchQueues backingOff(long maxWait) {
    return new FetchQueues(100, 1, 100, -1, new Backoff(1000, 10_000), 0, maxWait, clock::get);
  }

  private static FetchQueues.Ended busy() {
    return new FetchQueues.Ended(true, 0, true, true, 20);
  }

  @Test
  public void aHostBackedOffLongerThanTheQueuesWaitEndsItsQueuedAndLaterItemsAtOnce()
      throws Exception {
    FetchQueues q = backingOff(500);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    FetchItem b1 = put(q, "b", "/1");
    assertSame(a1, q.nextReady(0));
    q.finish(a1, 10, busy());

    ProtocolOutput verdict = q.verdictFor(a2);
    assertEquals(CrawlStatus.FETCH_RETRY, verdict.getStatus());
    assertEquals("host_backoff", verdict.getReasonName());
    assertSame("at once, not after the backoff", a2, q.nextReady(10));
    assertSame(b1, q.nextReady(10));
    q.finish(a2, 10, new FetchQueues.Ended(false, 0, false, false, -1));
    q.finish(b1, 20, new FetchQueues.Ended(true, 0, false, false, 20));

    FetchItem a3 = put(q, "a", "/3"); // fed later, still within the backoff
    assertEquals("host_backoff", q.verdictFor(a3).getReasonName());
    assertSame(a3, q.nextReady(30));
    assertTrue("no task waits for the backed-off host: " + q.quietAt(), q.quietAt() <= 20 + 100);
  }

  @Test
  public void aHostBackedOffInAnEarlierRoundIsFirstAskedWhenItsBackoffEndsWithoutAThreadWaiting()
      throws Exception {
    clock.set(1000);
    FetchQueues q = backingOff(30_000).backedOffBy(host -> host.equals("a") ? 21_000 : 0);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem b1 = put(q, "b", "/1");
    assertSame("the other host at once", b1, q.nextReady(1000));
    assertNull("not before the hostdb's end", q.nextReady(20_999));
    assertNull(q.verdictFor(a1));
    assertSame(a1, q.nextReady(21_000));
  }

  @Test
  public void aBackoffKeptInTheHostdbLongerThanTheQueuesWaitEndsTheHostsItemsAtOnce()
      throws Exception {
    clock.set(1000);
    FetchQueues q = backingOff(10_000).backedOffBy(host -> 61_000);
    FetchItem a1 = put(q, "a", "/1");
    assertEquals("host_backoff", q.verdictFor(a1).getReasonName());
    assertSame("at once, not after the backoff", a1, q.nextReady(1000));
  }

  @Test
  public void aHostIsAskedAtThePaceKeptForItAndARefusalSlowsItsQueue() throws Exception {
    FetchQueues q =
        backingOff(60_000).pacedBy(new Pace(100, 5000, 2), host -> host.equals("a") ? 800 : 0);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    FetchItem b1 = put(q, "b", "/1");
    FetchItem b2 = put(q, "b", "/2");
    assertSame(a1, q.nextReady(0));
    assertSame(b1, q.nextReady(0));
    q.finish(a1, 0, new FetchQueues.Ended(true, 0, false, false, 20));
    q.finish(b1, 0, new FetchQueues.Ended(true, 0, false, false, 20));
    assertSame("b at the server delay", b2, q.nextReady(100));
    assertNull("a at its own pace", q.nextReady(799));
    assertSame(a2, q.nextReady(800));
    q.finish(b2, 100, busy());
    FetchItem b3 = put(q, "b", "/3");
    FetchItem b4 = put(q, "b", "/4");
    long back = q.quietAt();
    assertSame("after the backoff", b3, q.nextReady(back));
    q.finish(b3, back, new FetchQueues.Ended(true, 0, false, false, 20));
    assertNull("then twice the delay it was asked at", q.nextReady(back + 199));
    assertSame(b4, q.nextReady(back + 200));
  }

  @Test
  public void aBackoffTheQueuesMayWaitForHoldsTheHostBackThenDoubles() throws Exception {
    FetchQueues q = backingOff(60_000);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    FetchItem a3 = put(q, "a", "/3");
    assertSame(a1, q.nextReady(0));
    q.finish(a1, 0, busy());
    assertNull(q.verdictFor(a2));
    assertNull("backed off at least 1 s", q.nextReady(999));
    long first = q.quietAt();
    assertTrue(first >= 1000 && first <= 1250);
    assertSame(a2, q.nextReady(first));
    q.finish(a2, first, busy());
    long second = q.quietAt() - first;
    assertTrue("doubled: " + second, second >= 2000 && second <= 2500);
    assertNull(q.nextReady(first + 1999));
    assertSame(a3, q.nextReady(first + second));
  }

  @Test
  public void aBackoffEndingAfterTheTimeLimitIsNotWaitedFor() throws Exception {
    FetchQueues q = backingOff(60_000).endingAt(500);
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    assertSame(a1, q.nextReady(0));
    q.finish(a1, 0, busy());
    assertEquals(
        "1 s of backoff, the task ends in 0.5 s", "host_backoff", q.verdictFor(a2).getReasonName());
  }

  /**
   * Queues asked every 0.5 s whose hosts back off within the task four times the delay they were
   * asked at, a refusal doubling the host's pace, waiting at most 30 s.
   */
  private FetchQueues backingOffWithinTheTask() {
    return new FetchQueues(
            100, 1, 500, -1, new Backoff(60_000, 3_600_000, 4), 0, 30_000, clock::get)
        .pacedBy(new Pace(500, 30_000, 2), host -> 0);
  }

  @Test
  public void aRefusingHostWaitsItsShortBackoffThenGoesOnAtItsSlowerPaceInTheSameTask()
      throws Exception {
    FetchQueues q = backingOffWithinTheTask();
    FetchItem a1 = put(q, "a", "/1");
    FetchItem a2 = put(q, "a", "/2");
    FetchItem a3 = put(q, "a", "/3");
    FetchItem b1 = put(q, "b", "/1");
    FetchItem b2 = put(q, "b", "/2");
    assertSame(a1, q.nextReady(0));
    assertSame(b1, q.nextReady(0));
    q.finish(a1, 10, busy());
    q.finish(b1, 10, new FetchQueues.Ended(true, 0, false, false, 10));
    assertNull("not dropped: its backoff ends long before the task", q.verdictFor(a2));
    long back = q.quietAt();
    assertTrue("4 × 0.5 s, jitter aside: " + back, back >= 10 + 2000 && back <= 10 + 2500);
    assertSame("the other host goes on meanwhile", b2, q.nextReady(510));
    assertNull("never asked within its backoff", q.nextReady(back - 1));
    assertSame(a2, q.nextReady(back));
    q.finish(a2, back, new FetchQueues.Ended(true, 0, false, false, 10));
    assertNull("then at its pace, twice the 0.5 s", q.nextReady(back + 999));
    assertSame(a3, q.nextReady(back + 1000));
  }

  @Test
  public void aShortBackoffIsWaitedForOnlyIfATurnAtTheSlowerPaceFitsBeforeTheTimeLimit()
      throws Exception {
    FetchQueues late = backingOffWithinTheTask().endingAt(3000);
    put(late, "a", "/1");
    FetchItem held = put(late, "a", "/2");
    late.finish(late.nextReady(0), 10, busy());
    assertEquals(
        "2 s of backoff and a 1 s turn do not fit in the 3 s left",
        "host_backoff",
        late.verdictFor(held).getReasonName());

    FetchQueues early = backingOffWithinTheTask().endingAt(4000);
    put(early, "a", "/1");
    FetchItem waited = put(early, "a", "/2");
    early.finish(early.nextReady(0), 10, busy());
    assertNull("they fit in 4 s", early.verdictFor(waited));
  }
}
