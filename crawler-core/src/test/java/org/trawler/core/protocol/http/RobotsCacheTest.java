package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.Test;
import org.trawler.core.protocol.RobotsRules;

public class RobotsCacheTest {
  @Test
  public void eachHostIsFetchedOnce() {
    AtomicInteger fetches = new AtomicInteger();
    RobotsCache cache =
        new RobotsCache(
            host -> {
              fetches.incrementAndGet();
              return RobotsRules.allowAll();
            });
    RobotsRules first = cache.get("http://a:80");
    assertSame(first, cache.get("http://a:80"));
    cache.get("http://b:80");
    assertEquals(2, fetches.get());
    assertEquals(2, cache.size());
  }

  @Test
  public void unavailableRulesAreKeptForTheTask() {
    AtomicInteger fetches = new AtomicInteger();
    RobotsCache cache =
        new RobotsCache(
            host -> {
              fetches.incrementAndGet();
              return RobotsRules.unavailable("http_503");
            });
    assertTrue(cache.get("http://a:80").isUnavailable());
    assertTrue(cache.get("http://a:80").isUnavailable());
    assertEquals(1, fetches.get());
  }

  @Test
  public void aFailingFetchIsNotCached() {
    AtomicInteger fetches = new AtomicInteger();
    RobotsCache cache =
        new RobotsCache(
            host -> {
              if (fetches.incrementAndGet() == 1) {
                throw new IllegalStateException("bug");
              }
              return RobotsRules.allowAll();
            });
    try {
      cache.get("http://a:80");
      fail("the bug must show");
    } catch (IllegalStateException e) {
      // expected
    }
    assertFalse(cache.get("http://a:80").isUnavailable());
    assertEquals(2, fetches.get());
  }
}
