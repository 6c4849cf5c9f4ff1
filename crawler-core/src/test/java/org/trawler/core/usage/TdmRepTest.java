package org.trawler.core.usage;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.Test;

public class TdmRepTest {
  private static TdmRep read(String json) {
    return TdmRep.read(json.getBytes(StandardCharsets.UTF_8));
  }

  private static final String RULES =
      "[{\"location\": \"/open/*.html$\", \"tdm-reservation\": 0},"
          + " {\"location\": \"/news/\", \"tdm-reservation\": 1,"
          + " \"tdm-policy\": \"https://owner.test/policy.json\"},"
          + " {\"location\": \"/*\", \"tdm-reservation\": 1}]";

  @Test
  public void theFirstRuleWhoseLocationMatchesApplies() {
    TdmRep rep = read(RULES);
    assertEquals("rule\t0\t\n", rep.forPath("/open/a.html"));
    assertEquals("rule\t1\t\n", rep.forPath("/open/a.html?x=1")); // $ ends the path
    assertEquals("rule\t1\thttps://owner.test/policy.json\n", rep.forPath("/news/today"));
    assertEquals("rule\t1\t\n", rep.forPath("/"));
    TdmRep.Applied applied = TdmRep.parse(rep.forPath("/news/today"));
    assertEquals("1", applied.reservation());
    assertEquals("https://owner.test/policy.json", applied.policy());
    assertEquals(List.of(), applied.notes());
  }

  @Test
  public void aPathNoRuleMatchesGetsNothing() {
    assertEquals("", read("[{\"location\": \"/members/\", \"tdm-reservation\": 1}]").forPath("/"));
    assertSame(TdmRep.NONE, read("[]"));
    assertNull(TdmRep.parse("").reservation());
  }

  @Test
  public void brokenJsonAndOtherShapesGiveNoRulesAndANote() {
    assertEquals("BROKEN_TDMREP\tnot a JSON array\n", read("{\"location\": \"/\"}").forPath("/"));
    assertEquals(
        UsageNote.BROKEN_TDMREP,
        TdmRep.parse(read("[{\"location\": \"/\", ").forPath("/")).notes().get(0).note());
    assertEquals(
        "BROKEN_TDMREP\tan entry that is not a rule object\n", read("[\"/\"]").forPath("/"));
    assertEquals("TDMREP_TOO_LARGE\ttdmrep.json\n", TdmRep.tooLarge().forPath("/"));
  }

  @Test
  public void aPageServedForTheFileIsNoFileNotABrokenOne() {
    assertSame("a soft 404", TdmRep.NONE, read("\n <!DOCTYPE html><html><body>Not found</body>"));
    assertSame(TdmRep.NONE, read("\uFEFF<html></html>"));
  }

  @Test
  public void unknownKeysAndBadRulesAreNotedTheRestApplies() {
    TdmRep rep =
        read(
            "[{\"location\": \"/a\", \"tdm-reservation\": 2},"
                + " {\"location\": \"/\", \"tdm-reservation\": \"1\", \"licence\": {\"x\": 1}}]");
    TdmRep.Applied applied = TdmRep.parse(rep.forPath("/a"));
    assertEquals("1", applied.reservation());
    assertEquals(
        List.of(
            new UsagePreferences.Noted(
                UsageNote.MALFORMED_SIGNAL, "tdmrep.json rule location=/a tdm-reservation=2"),
            new UsagePreferences.Noted(UsageNote.UNKNOWN_SIGNAL_KEY, "tdmrep.json licence")),
        applied.notes());
  }
}
