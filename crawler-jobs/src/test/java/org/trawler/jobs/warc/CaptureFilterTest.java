package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.Map;
import org.junit.Test;
import org.trawler.core.datum.ParseData;
import org.trawler.core.usage.UsageRequirement;

public class CaptureFilterTest {
  private static ParseData parse(Map<String, String> meta) {
    ParseData p = new ParseData(ParseData.SUCCESS, "", "T");
    p.getMeta().putAll(meta);
    return p;
  }

  @Test
  public void noarchiveKeepsAPageOutOnlyWhenHonored() {
    ParseData noArchive = parse(Map.of("robots.noarchive", "yes"));
    assertNull(new CaptureFilter(false, UsageRequirement.NONE).leftOut(noArchive));
    assertEquals(
        WarcCounter.URLS_NOARCHIVE,
        new CaptureFilter(true, UsageRequirement.NONE).leftOut(noArchive));
  }

  @Test
  public void aRefusedRequiredUsageKeepsAPageOutAndSilenceOrNoParseDoesNot() {
    CaptureFilter trainable = new CaptureFilter(false, UsageRequirement.of("ai-train"));
    assertEquals(
        WarcCounter.URLS_USAGE_REFUSED, trainable.leftOut(parse(Map.of("tdm.reserved", "yes"))));
    assertEquals(
        WarcCounter.URLS_USAGE_REFUSED, trainable.leftOut(parse(Map.of("usage.ai-train", "no"))));
    assertNull(trainable.leftOut(parse(Map.of("usage.ai-train", "yes"))));
    assertNull(trainable.leftOut(parse(Map.of("usage.search", "no"))));
    assertNull(trainable.leftOut(null));
  }
}
