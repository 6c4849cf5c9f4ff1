package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.jobs.hostdb.Soft404Keys;
import org.trawler.simweb.web.WebShape;

/** bench --broad's configurations: the crawl's own, and with --features-off every switch off. */
public class BroadBenchSwitchesTest {

  private static BroadBench.Settings settings(boolean featuresOff) {
    return new BroadBench.Settings(WebShape.DEFAULT, 6, 1000, 50, 0.5, 50, 60, featuresOff);
  }

  @Test
  public void featuresOffTurnsTheSoft404ProbeOff() {
    Map<String, Map<String, String>> c = BroadBench.configurations(settings(true));
    assertEquals(List.of("default", "features-off"), List.copyOf(c.keySet()));
    assertEquals(Map.of(), c.get("default"));
    assertEquals("false", c.get("features-off").get(Soft404Keys.PROBE));
    assertEquals(
        List.of("default"), List.copyOf(BroadBench.configurations(settings(false)).keySet()));
  }
}
