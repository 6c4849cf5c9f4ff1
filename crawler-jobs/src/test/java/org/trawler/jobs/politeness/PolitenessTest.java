package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.fetch.ScriptedProtocol;

public class PolitenessTest {
  private static final String URL = "http://example.com/private/page";

  @Test
  public void allowedUrlMayBeFetched() {
    assertNull(
        Politeness.robotsVerdict(
            ScriptedProtocol.robots(URL, "User-agent: *\nDisallow: /x\n"), URL, 30_000));
  }

  @Test
  public void disallowedUrlIsGoneRobotsDenied() {
    ProtocolOutput out =
        Politeness.robotsVerdict(
            ScriptedProtocol.robots(URL, "User-agent: *\nDisallow: /private\n"), URL, 30_000);
    assertEquals(CrawlStatus.FETCH_GONE, out.getStatus());
    assertEquals("0 robots_denied", out.toProtocolStatus());
  }

  @Test
  public void unavailableRobotsTxtIsRetryRobotsUnavailable() {
    ProtocolOutput out = Politeness.robotsVerdict(RobotsRules.unavailable("http_503"), URL, 30_000);
    assertEquals(CrawlStatus.FETCH_RETRY, out.getStatus());
    assertEquals("0 robots_unavailable http_503", out.toProtocolStatus());
  }

  @Test
  public void crawlDelayAboveTheMaximumIsGoneCrawlDelayTooLong() {
    ProtocolOutput out =
        Politeness.robotsVerdict(
            ScriptedProtocol.robots(URL, "User-agent: *\nCrawl-delay: 60\n"), URL, 30_000);
    assertEquals(CrawlStatus.FETCH_GONE, out.getStatus());
    assertEquals("crawl_delay_too_long", out.getReasonName());
  }

  @Test
  public void crawlDelayAtTheMaximumOrWithoutOneIsFetched() {
    RobotsRules rules = ScriptedProtocol.robots(URL, "User-agent: *\nCrawl-delay: 30\n");
    assertNull(Politeness.robotsVerdict(rules, URL, 30_000));
    assertNull(
        Politeness.robotsVerdict(
            ScriptedProtocol.robots(URL, "User-agent: *\nCrawl-delay: 3600\n"), URL, -1));
  }

  @Test
  public void tooManyRequestsBacksOffForRetryAfter() {
    assertEquals(
        2000, Politeness.backoffMillis(ProtocolOutput.retry(429, Reason.HTTP, "", 2000), 30_000));
  }

  @Test
  public void retryAfterIsCappedByTheMaximumCrawlDelay() {
    assertEquals(
        30_000,
        Politeness.backoffMillis(ProtocolOutput.retry(503, Reason.HTTP, "", 3_600_000), 30_000));
    assertEquals(
        3_600_000,
        Politeness.backoffMillis(ProtocolOutput.retry(503, Reason.HTTP, "", 3_600_000), -1));
  }

  @Test
  public void otherOutcomesDoNotBackOff() {
    assertEquals(
        0, Politeness.backoffMillis(ProtocolOutput.retry(503, Reason.HTTP, "", -1), 30_000));
    assertEquals(
        0, Politeness.backoffMillis(ProtocolOutput.retry(500, Reason.HTTP, "", -1), 30_000));
    assertEquals(0, Politeness.backoffMillis(ProtocolOutput.gone(404, Reason.HTTP, ""), 30_000));
  }

  @Test
  public void onlyTransientFailuresAreErrors() {
    assertTrue(Politeness.isError(ProtocolOutput.retry(0, Reason.TIMEOUT, "", -1)));
    assertFalse(Politeness.isError(ProtocolOutput.gone(404, Reason.HTTP, "")));
    assertFalse(Politeness.isError(ProtocolOutput.notModified()));
  }

  @Test
  public void busyWithoutRetryAfterIsRateLimitedWithItOrOtherwiseNot() {
    assertTrue(Politeness.isRateLimited(ProtocolOutput.retry(429, Reason.HTTP, "", -1)));
    assertTrue(Politeness.isRateLimited(ProtocolOutput.retry(503, Reason.HTTP, "", -1)));
    assertFalse(Politeness.isRateLimited(ProtocolOutput.retry(429, Reason.HTTP, "", 2000)));
    assertFalse(Politeness.isRateLimited(ProtocolOutput.retry(500, Reason.HTTP, "", -1)));
    assertFalse(Politeness.isRateLimited(ProtocolOutput.retry(0, Reason.TIMEOUT, "", -1)));
  }
}
