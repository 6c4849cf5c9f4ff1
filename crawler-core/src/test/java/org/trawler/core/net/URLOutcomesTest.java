package org.trawler.core.net;

import static org.junit.Assert.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.Test;

public class URLOutcomesTest {
  private final AtomicInteger calls = new AtomicInteger();
  private final UnaryOperator<String> upperUnlessBad =
      url -> {
        calls.incrementAndGet();
        return url.contains("bad") ? null : url.toUpperCase();
      };

  @Test
  public void eachUrlIsAcceptedOnceWhileRemembered() {
    URLOutcomes outcomes = new URLOutcomes(10);
    for (int i = 0; i < 3; i++) {
      assertEquals("HTTP://A/", outcomes.of("http://a/", upperUnlessBad));
      assertEquals(URLOutcomes.REJECTED, outcomes.of("http://bad/", upperUnlessBad));
    }
    assertEquals(2, calls.get());
  }

  @Test
  public void aFullMemoryStartsAgainAndStaysCorrect() {
    URLOutcomes outcomes = new URLOutcomes(2);
    for (int i = 0; i < 5; i++) {
      assertEquals("HTTP://H" + i + "/", outcomes.of("http://h" + i + "/", upperUnlessBad));
    }
    assertEquals("HTTP://H0/", outcomes.of("http://h0/", upperUnlessBad));
    assertEquals(6, calls.get());
  }
}
