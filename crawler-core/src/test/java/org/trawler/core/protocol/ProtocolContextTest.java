package org.trawler.core.protocol;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/** A task's context for its protocol, made from a robots lookup and a counter sink. */
public class ProtocolContextTest {
  @Test
  public void ofAsksTheLookupAndCountsIntoTheSink() {
    RobotsRules denied = RobotsRules.unavailable("test");
    List<String> asked = new ArrayList<>();
    List<String> counted = new ArrayList<>();
    ProtocolContext context =
        ProtocolContext.of(
            url -> {
              asked.add(url);
              return denied;
            },
            (group, name, amount) -> counted.add(group + "/" + name + "=" + amount));
    assertSame(denied, context.robotsFor("http://a.example/x"));
    context.count("render", "SUBREQUESTS", 3);
    assertEquals(List.of("http://a.example/x"), asked);
    assertEquals(List.of("render/SUBREQUESTS=3"), counted);
  }

  @Test
  public void countsNoneCountsNothing() {
    ProtocolContext context =
        ProtocolContext.of(url -> RobotsRules.allowAll(), ProtocolContext.Counts.NONE);
    context.count("render", "SUBREQUESTS", 3); // nothing to see and nothing thrown
    assertTrue(context.robotsFor("http://a.example/").isAllowed("http://a.example/"));
  }
}
