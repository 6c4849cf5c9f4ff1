package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.After;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;

/**
 * A parse is timed by its thread's CPU time with a wall-clock backstop, and at most
 * parser.abandoned.max abandoned parses run at once: {@link ParseWorkers} with parsers that spin,
 * block or sleep.
 */
public class ParseWorkersTest {
  private static final String PAGE = "http://127.0.0.2/doc.pdf";
  private static final String TYPE = "application/pdf";

  /** Lets the blocked parsers of a test end, abandoned or not. */
  private final CountDownLatch release = new CountDownLatch(1);

  private ParseWorkers workers;

  @After
  public void close() {
    release.countDown();
    if (workers != null) {
      workers.close();
    }
  }

  private ParseWorkers workers(long cpuMillis, long wallMillis, int maxAbandoned) {
    workers = new ParseWorkers(cpuMillis, wallMillis, maxAbandoned, new MD5Signature());
    return workers;
  }

  private static Content content() {
    return new Content(PAGE, PAGE, "%PDF-1.7".getBytes(StandardCharsets.UTF_8), TYPE, false);
  }

  private static ParseResult parsed(String text) {
    return new ParseResult(
        new ParseData(ParseData.SUCCESS, "", "Manual"), new ParseText(text), new byte[16]);
  }

  /** Spins until interrupted, as a parser caught in a loop would without the interrupt. */
  private static ParseResult spin() {
    long x = 0;
    while (!Thread.currentThread().isInterrupted()) {
      x++;
    }
    throw new IllegalStateException("interrupted after " + x + " turns");
  }

  /** Blocks until the test ends, deaf to interrupts as Tika's parsers are. */
  private ParseResult block() {
    while (true) {
      try {
        release.await();
        return parsed("released");
      } catch (InterruptedException e) {
        // ignored, as Tika's parsers do
      }
    }
  }

  @Test
  public void aParseSpinningForeverIsAbandonedAtItsCpuTime() {
    ParseWorkers w = workers(300, 0, 4); // no wall-clock backstop: CPU time alone ends it
    ParseResult r = w.parse((c, t) -> spin(), content(), TYPE);
    assertEquals(ParseData.FAILED, r.status());
    assertEquals("parse_timeout", r.data().getMeta().get(ParseData.META_REASON));
    assertTrue(
        r.data().getStatusMessage(),
        r.data().getStatusMessage().contains("more than 300 ms of CPU time (parser.timeout)"));
    assertEquals(1, w.abandoned());
  }

  @Test
  public void aParseThatWaitsLongerThanItsCpuTimeIsNotLost() {
    // as on a busy machine: the parse takes 1 s on the wall clock but little CPU time
    ParseWorkers w = workers(300, 0, 4);
    ParseResult r =
        w.parse(
            (c, t) -> {
              try {
                Thread.sleep(1000);
              } catch (InterruptedException e) {
                throw new IllegalStateException("abandoned");
              }
              return parsed("every word of the manual");
            },
            content(),
            TYPE);
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals("every word of the manual", r.text().getText());
    assertEquals(0, w.abandoned());
  }

  @Test
  public void aBlockedParseIsAbandonedAtTheWallClockBackstop() {
    ParseWorkers w = workers(60_000, 300, 4);
    ParseResult r = w.parse((c, t) -> block(), content(), TYPE);
    assertEquals("parse_timeout", r.data().getMeta().get(ParseData.META_REASON));
    assertTrue(
        r.data().getStatusMessage(),
        r.data().getStatusMessage().contains("of wall-clock time (parser.timeout.wall)"));
    assertEquals(1, w.abandoned());
    assertEquals(1, w.abandonedRunning());
  }

  @Test
  public void atTheAbandonedCapNoParseStartsUntilAnAbandonedOneEnds() throws Exception {
    ParseWorkers w = workers(60_000, 200, 2);
    AtomicInteger started = new AtomicInteger();
    Parser blocking =
        (c, t) -> {
          started.incrementAndGet();
          return block();
        };
    for (int i = 0; i < 2; i++) {
      assertEquals(
          "parse_timeout",
          w.parse(blocking, content(), TYPE).data().getMeta().get(ParseData.META_REASON));
    }
    assertEquals(2, w.abandonedRunning());

    ParseResult refused = w.parse(blocking, content(), TYPE);
    assertEquals(ParseData.FAILED, refused.status());
    assertEquals("abandoned_limit", refused.data().getMeta().get(ParseData.META_REASON));
    assertTrue(
        refused.data().getStatusMessage(),
        refused
            .data()
            .getStatusMessage()
            .contains("2 abandoned parses of this task are still running (parser.abandoned.max"));
    assertEquals("not started", 2, started.get());

    release.countDown(); // the abandoned parses end: their threads are free again
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (w.abandonedRunning() > 0 && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    assertEquals(0, w.abandonedRunning());
    ParseResult next = w.parse((c, t) -> parsed("next"), content(), TYPE);
    assertEquals(ParseData.SUCCESS, next.status());
    assertEquals(2, w.abandoned());
  }

  @Test
  public void limitsJudgeCpuTimeFirstAndTheWallClockAsBackstop() {
    ParseLimits limits = new ParseLimits(1_000_000_000L, 10_000_000_000L);
    assertNull(limits.overrun(999_999_999L, 9_000_000_000L));
    assertEquals(ParseLimits.Overrun.CPU, limits.overrun(1_000_000_000L, 2_000_000_000L));
    assertEquals(ParseLimits.Overrun.WALL, limits.overrun(10_000_000L, 10_000_000_000L));
    assertNull("no backstop", new ParseLimits(1_000_000_000L, 0).overrun(0, Long.MAX_VALUE));
    // the CPU budget left is the earliest the CPU limit can be passed
    assertEquals(400_000_000L, limits.waitNanos(600_000_000L, 5_000_000_000L));
    assertEquals(100_000_000L, limits.waitNanos(0, 9_900_000_000L));
    assertEquals(ParseLimits.MIN_WAIT_NANOS, limits.waitNanos(999_999_999L, 0));
  }
}
