package org.trawler.core.protocol;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.RobotsTxt;

/** A site's robots.txt answer, kept across rounds, and the rules it sets (RFC 9309). */
public class RobotsRulesTest {
  private static final long HOUR = 3_600_000L;
  private static final long DAY = 24 * HOUR;
  private static final long T0 = 1_700_000_000_000L;
  private static final List<String> AGENTS = List.of("trawler");
  private static final String SITE = "http://example.com";

  private static RobotsTxt file(long now, String text) {
    return RobotsTxt.file(
        now, SITE + "/robots.txt", text.getBytes(StandardCharsets.UTF_8), "text/plain");
  }

  private static RobotsRules rules(RobotsTxt txt, long now) {
    return RobotsRules.of(txt, AGENTS, now, 30 * DAY);
  }

  @Test
  public void aFileSetsItsRules() {
    RobotsRules rules = rules(file(T0, "User-agent: *\nDisallow: /private\nCrawl-delay: 2\n"), T0);
    assertFalse(rules.isAllowed(SITE + "/private/x"));
    assertTrue(rules.isAllowed(SITE + "/public"));
    assertEquals(2000, rules.getCrawlDelayMillis());
  }

  @Test
  public void aFilesUsageLinesGoToTheFetchedPageForParse() {
    RobotsRules rules =
        rules(file(T0, "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n"), T0);
    ProtocolOutput page =
        ProtocolOutput.success(200, new Content(SITE + "/a", SITE + "/a", new byte[0], "", false));
    rules.addSignals(SITE + "/a", page);
    assertEquals(
        "*\tcontent-signal\tsearch=yes, ai-train=no\n",
        page.getContent().getMeta().get(Content.META_ROBOTS_SIGNALS));
    ProtocolOutput quiet =
        ProtocolOutput.success(200, new Content(SITE + "/", SITE + "/", new byte[0], "", false));
    rules(file(T0, "User-agent: *\nAllow: /\n"), T0).addSignals(SITE, quiet);
    assertFalse(quiet.getContent().getMeta().containsKey(Content.META_ROBOTS_SIGNALS));
  }

  @Test
  public void aMissingRobotsTxtAllowsAll() {
    assertTrue(rules(RobotsTxt.missing(T0, "http_404"), T0).isAllowed(SITE + "/anything"));
  }

  @Test
  public void anUnreachableRobotsTxtWithoutCopyDisallowsAllUntilTheOutageIsThirtyDaysOld() {
    RobotsTxt first = RobotsTxt.unreachable(T0, "http_503");
    RobotsRules during = rules(first, T0 + 29 * DAY);
    assertTrue(during.isUnavailable());
    assertEquals("http_503", during.getUnavailableReason());
    assertFalse(during.isAllowed(SITE + "/"));
    RobotsTxt later = RobotsTxt.unreachable(T0 + 30 * DAY, "timeout").after(first);
    assertEquals(T0, later.getUnreachableSince());
    RobotsRules after = rules(later, T0 + 30 * DAY);
    assertFalse(after.isUnavailable());
    assertTrue(after.isAllowed(SITE + "/"));
  }

  @Test
  public void anUnreachableRobotsTxtKeepsTheLastGoodCopy() {
    RobotsTxt good = file(T0, "User-agent: *\nDisallow: /private\n");
    RobotsTxt down = RobotsTxt.unreachable(T0 + 2 * DAY, "connection_refused").after(good);
    assertTrue(down.isUnreachable());
    assertEquals(T0 + 2 * DAY, down.getCheckedTime());
    assertEquals("connection_refused", down.getReason());
    RobotsRules rules = rules(down, T0 + 2 * DAY);
    assertFalse(rules.isUnavailable());
    assertFalse(rules.isAllowed(SITE + "/private/x"));
    assertTrue(rules.isAllowed(SITE + "/open"));
    RobotsTxt missingBefore =
        RobotsTxt.unreachable(T0 + DAY, "http_500").after(RobotsTxt.missing(T0, "http_404"));
    assertTrue(rules(missingBefore, T0 + DAY).isAllowed(SITE + "/x"));
  }

  @Test
  public void aGoodAnswerEndsTheOutage() {
    RobotsTxt down = RobotsTxt.unreachable(T0, "http_503");
    RobotsTxt back = file(T0 + HOUR, "User-agent: *\nDisallow:\n");
    assertSame(back, back.after(down));
    assertFalse(back.isUnreachable());
  }

  @Test
  public void goodAnswersAreFreshForTheCacheTimeUnreachableOnesForTheRetryTime() {
    RobotsTxt good = file(T0, "");
    assertTrue(good.isFresh(T0 + 23 * HOUR, DAY, HOUR));
    assertFalse(good.isFresh(T0 + DAY, DAY, HOUR));
    assertFalse("cache time 0: always asked again", good.isFresh(T0, 0, HOUR));
    RobotsTxt down = RobotsTxt.unreachable(T0, "timeout");
    assertTrue(down.isFresh(T0 + HOUR - 1, DAY, HOUR));
    assertFalse(down.isFresh(T0 + HOUR, DAY, HOUR));
  }

  @Test
  public void anAnswerSurvivesWritingAndReading() throws IOException {
    RobotsTxt written =
        RobotsTxt.unreachable(T0 + DAY, "http_503")
            .after(file(T0, "User-agent: *\nDisallow: /x\n"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    written.write(new DataOutputStream(bytes));
    RobotsTxt read = new RobotsTxt();
    read.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(written.toString(), read.toString());
    assertEquals(T0 + DAY, read.getCheckedTime());
    assertEquals(T0 + DAY, read.getUnreachableSince());
    assertEquals(RobotsTxt.Copy.FILE, read.getCopy());
    assertEquals(SITE + "/robots.txt", read.getUrl());
    assertArrayEquals(written.getContent(), read.getContent());
  }

  @Test
  public void agentsAreConfiguredOrTheAgentNamesProductToken() {
    assertEquals(List.of("trawler"), RobotsRules.agents("", "Trawler/0.1.0"));
    assertEquals(List.of("mybot"), RobotsRules.agents("", "MyBot"));
    assertEquals(List.of("a", "b"), RobotsRules.agents(" A , b ", "Trawler/0.1.0"));
  }
}
