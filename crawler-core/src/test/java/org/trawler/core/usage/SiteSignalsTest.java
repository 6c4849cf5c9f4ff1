package org.trawler.core.usage;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;

public class SiteSignalsTest {
  @Test
  public void theStricterOfTwoConflictingValuesWinsAndIsNoted() {
    SiteSignals s =
        new SiteSignals()
            .set(UsageField.AI_TRAIN, "yes", "robots.txt:*")
            .set(UsageField.AI_TRAIN, "no", "header")
            .set(UsageField.AI_TRAIN, "yes", "meta")
            .set(UsageField.SEARCH, "yes", "header")
            .set(UsageField.SEARCH, "yes", "meta");
    assertEquals(new SiteSignals.Value("no", "header"), s.values().get(UsageField.AI_TRAIN));
    assertEquals(new SiteSignals.Value("yes", "header"), s.values().get(UsageField.SEARCH));
    assertEquals(
        List.of(
            new UsagePreferences.Noted(
                UsageNote.CONFLICTING_SIGNALS, "usage.ai-train=yes (robots.txt:*) vs no (header)"),
            new UsagePreferences.Noted(
                UsageNote.CONFLICTING_SIGNALS, "usage.ai-train=no (header) vs yes (meta)")),
        s.notes());
  }

  @Test
  public void theEarlierUnavailableAfterAndTheShorterMaxSnippetWin() {
    SiteSignals s =
        new SiteSignals()
            .set(UsageField.ROBOTS_UNAVAILABLE_AFTER, "2031-01-01T00:00:00Z", "header")
            .set(UsageField.ROBOTS_UNAVAILABLE_AFTER, "2030-01-01T00:00:00Z", "meta")
            .set(UsageField.ROBOTS_MAX_SNIPPET, "-1", "header")
            .set(UsageField.ROBOTS_MAX_SNIPPET, "50", "meta")
            .set(UsageField.ROBOTS_MAX_SNIPPET, "80", "meta");
    assertEquals("2030-01-01T00:00:00Z", s.get(UsageField.ROBOTS_UNAVAILABLE_AFTER));
    assertEquals("50", s.get(UsageField.ROBOTS_MAX_SNIPPET));
    assertEquals(3, s.notes().size());
  }

  @Test
  public void aTdmReservationRefusesTrainingButNotSearch() {
    SiteSignals s = new SiteSignals().set(UsageField.TDM_RESERVED, "yes", "tdmrep.json");
    assertTrue(s.refuses(UsageField.AI_TRAIN));
    assertFalse(s.refuses(UsageField.SEARCH));
    assertFalse(new SiteSignals().refuses(UsageField.AI_TRAIN)); // silence is no refusal
  }

  @Test
  public void signalsRoundTripThroughParseMetadata() {
    Map<String, String> meta = new HashMap<>();
    new SiteSignals()
        .set(UsageField.AI_INPUT, "no", "robots.txt:trawler")
        .set(UsageField.ROBOTS_NOSNIPPET, "yes", "meta")
        .writeTo(meta);
    assertEquals(
        Map.of(
            "usage.ai-input", "no",
            "usage.ai-input.from", "robots.txt:trawler",
            "robots.nosnippet", "yes",
            "robots.nosnippet.from", "meta"),
        meta);
    SiteSignals back = SiteSignals.readFrom(meta);
    assertTrue(back.refuses(UsageField.AI_INPUT));
    assertTrue(back.restricts(UsageField.ROBOTS_NOSNIPPET));
    assertEquals(UsageField.AI_INPUT, UsageField.ofUsage("ai-input"));
    assertEquals(null, UsageField.ofUsage("noindex"));
  }
}
