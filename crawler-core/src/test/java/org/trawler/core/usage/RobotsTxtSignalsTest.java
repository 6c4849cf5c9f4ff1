package org.trawler.core.usage;

import static org.junit.Assert.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.Test;

public class RobotsTxtSignalsTest {
  private static final List<String> AGENTS = List.of("trawler");

  private static RobotsTxtSignals read(String robotsTxt) {
    return RobotsTxtSignals.read(robotsTxt.getBytes(StandardCharsets.UTF_8), AGENTS);
  }

  @Test
  public void ourAgentsGroupWinsOverTheStarGroupAndOtherAgentsAreIgnored() {
    RobotsTxtSignals s =
        read(
            "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\n"
                + "User-agent: otherbot\nContent-Signal: search=no\n\n"
                + "User-agent: Trawler\nContent-Signal: ai-input=no # ours\nDisallow: /x\n");
    assertEquals("trawler\tcontent-signal\tai-input=no\n", s.forPath("/a"));
  }

  @Test
  public void theStarGroupAndLinesBeforeAnyGroupApplyWhenNoGroupNamesUs() {
    RobotsTxtSignals s =
        read(
            "Content-Usage: train-ai=n\nUser-agent: otherbot\nContent-Signal: search=no\n"
                + "User-agent: *\nUser-agent: foo\nContent-Signal: search=yes\n");
    assertEquals("*\tcontent-signal\tsearch=yes\n*\tcontent-usage\ttrain-ai=n\n", s.forPath("/"));
    assertEquals(
        List.of(
            new RobotsTxtSignals.Applied(
                UsageSource.ROBOTS_TXT_ANY, "*", "content-signal", "search=yes"),
            new RobotsTxtSignals.Applied(
                UsageSource.ROBOTS_TXT_ANY, "*", "content-usage", "train-ai=n")),
        RobotsTxtSignals.parse(s.forPath("/")));
  }

  @Test
  public void contentUsageWithAPathAppliesUnderItTheLongestWinning() {
    RobotsTxtSignals s =
        read(
            "User-agent: *\nContent-Usage: train-ai=y\nContent-Usage: /news/ train-ai=n\n"
                + "Content-Usage: /news/open/ train-ai=y, search=y\n");
    assertEquals("*\tcontent-usage\ttrain-ai=y\n", s.forPath("/about"));
    assertEquals("*\tcontent-usage\ttrain-ai=n\n", s.forPath("/news/a"));
    assertEquals("*\tcontent-usage\ttrain-ai=y, search=y\n", s.forPath("/news/open/b"));
  }

  @Test
  public void aRobotsTxtWithoutSignalsHasNone() {
    assertEquals(RobotsTxtSignals.NONE, read("User-agent: *\nDisallow: /private\n"));
    assertEquals("", RobotsTxtSignals.NONE.forPath("/"));
  }
}
