package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolOutput;

/** A queue's politeness state: the backoff after busy answers and the delay factor. */
public class HostTurnTest {
  /** No jitter to reckon with below 1 s: start 100 ms, cap 10 s. */
  private final Backoff backoff = new Backoff(100, 10_000);

  @Test
  public void aShortBackoffIsWaitedForAndDoublesWithEachBusyAnswerInARow() {
    HostTurn turn = new HostTurn(0);
    long first = turn.rateLimited(1000, backoff, 30_000, "a.test");
    assertTrue(first >= 100 && first <= 125);
    assertEquals(1000 + first, turn.nextFetchTime());
    long second = turn.rateLimited(2000, backoff, 30_000, "a.test");
    assertTrue(second >= 200 && second <= 250);
    assertNull("waited for: no verdict", turn.verdict());
    turn.answered();
    long again = turn.rateLimited(3000, backoff, 30_000, "a.test");
    assertEquals("an answer in between starts it again", first, again);
  }

  @Test
  public void withinATaskAHostIsBackedOffAFewTimesItsDelayNotTheMinuteOfTheRounds() {
    Backoff task = new Backoff(60_000, 3_600_000, 4);
    HostTurn turn = new HostTurn(500);
    turn.requestEnded(1000, 0);
    long wait = turn.rateLimited(1000, task, 30_000, "a.test");
    assertTrue("four times the 0.5 s it was asked at: " + wait, wait >= 2000 && wait <= 2500);
    assertEquals(1000 + wait, turn.nextFetchTime());
    assertNull("waited for in the task", turn.verdict());
    turn.slowTo(1000); // the pace the fetcher raises it to
    long next = turn.rateLimited(1000 + wait, task, 30_000, "a.test");
    assertTrue("doubled, from the 1 s pace: " + next, next >= 8000 && next <= 10_000);
  }

  @Test
  public void aHostsPaceSlowsItsDelayButNeverBelowTheCrawlDelay() {
    HostTurn turn = new HostTurn(500);
    turn.slowTo(2000);
    assertEquals(2000, turn.delay());
    turn.slowTo(1000);
    assertEquals("a slower pace already set stays", 2000, turn.delay());
    turn.setCrawlDelay(5000);
    assertEquals(5000, turn.delay());
    assertEquals(1000 + 5000, turn.requestEnded(1000, 0));
  }

  @Test
  public void aBackoffLongerThanTheQueuesWaitEndsItsOtherItemsAsHostBackoff() {
    HostTurn turn = new HostTurn(0);
    turn.rateLimited(1000, backoff, 50, "a.test");
    ProtocolOutput verdict = turn.verdict();
    assertEquals(CrawlStatus.FETCH_RETRY, verdict.getStatus());
    assertEquals("host_backoff", verdict.getReasonName());
    assertTrue(verdict.toProtocolStatus(), verdict.toProtocolStatus().startsWith("0 host_backoff"));
    assertFalse("kept until the backoff ends", turn.isClean(1000 + 10_000));
  }

  @Test
  public void theDelayFollowsTheResponseTimeBoundedByTheMinimumAndTheMaximum() {
    HostTurn turn = new HostTurn(1000, 2f, 5000);
    assertEquals("nothing measured yet: the server delay", 1000, turn.delay());
    turn.requestEnded(0, 0, 300);
    assertEquals("2 × 300 ms is less than the minimum", 1000, turn.delay());
    turn.requestEnded(0, 0, 1500);
    assertEquals("2 × 1500 ms", 3000, turn.delay());
    turn.requestEnded(0, 0, 4000);
    assertEquals("2 × 4000 ms capped at the maximum", 5000, turn.delay());
    assertEquals(10_000 + 5000, turn.requestEnded(10_000, 0, -1));
    assertEquals("an unmeasured request keeps the last time", 5000, turn.delay());
  }

  @Test
  public void withoutAFactorTheDelayIgnoresTheResponseTime() {
    HostTurn turn = new HostTurn(1000);
    turn.requestEnded(0, 0, 60_000);
    assertEquals(1000, turn.delay());
    HostTurn uncapped = new HostTurn(1000, 1f, -1);
    uncapped.requestEnded(0, 0, 60_000);
    assertEquals("fetcher.max.crawl.delay -1: no cap", 60_000, uncapped.delay());
  }
}
