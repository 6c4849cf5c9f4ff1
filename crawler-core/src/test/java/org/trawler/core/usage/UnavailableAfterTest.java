package org.trawler.core.usage;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.time.Instant;
import org.junit.Test;

public class UnavailableAfterTest {
  @Test
  public void readsTheIsoAndHttpDateFormsGoogleAccepts() {
    assertEquals(Instant.parse("2030-07-01T00:00:00Z"), UnavailableAfter.parse("2030-07-01"));
    assertEquals(
        Instant.parse("2030-07-01T08:00:00Z"), UnavailableAfter.parse("2030-07-01T10:00:00+02:00"));
    assertEquals(
        Instant.parse("2030-07-01T10:00:00Z"), UnavailableAfter.parse("2030-07-01T10:00:00"));
    assertEquals(
        Instant.parse("2030-07-01T10:00:00Z"),
        UnavailableAfter.parse("Monday, 01-Jul-30 10:00:00 GMT")); // RFC 850
    assertEquals(
        Instant.parse("2030-07-01T10:00:00Z"),
        UnavailableAfter.parse("Mon, 01 Jul 2030 10:00:00 GMT")); // RFC 1123
    assertEquals(
        Instant.parse("2030-06-25T22:00:00Z"),
        UnavailableAfter.parse("25 Jun 2030 15:00:00 PST")); // Google's example
  }

  @Test
  public void somethingElseIsNoDate() {
    assertNull(UnavailableAfter.parse("tomorrow"));
    assertNull(UnavailableAfter.parse("2030-13-01"));
    assertNull(UnavailableAfter.parse(""));
  }

  @Test
  public void pastIsBeforeNow() {
    long now = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    assertTrue(UnavailableAfter.isPast("2025-12-31T23:59:59Z", now));
    assertFalse(UnavailableAfter.isPast("2026-01-01T00:00:01Z", now));
    assertFalse(UnavailableAfter.isPast(null, now));
    assertFalse(UnavailableAfter.isPast("soon", now));
  }
}
