package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.trawler.core.protocol.http.Outcomes.assertOutcome;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.zip.ZipException;
import javax.net.ssl.SSLHandshakeException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.utils.DateUtils;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolOutput;

public class StatusMappingTest {
  private static final long NOW = Instant.parse("2025-01-01T00:00:00Z").toEpochMilli();

  @Test
  public void redirectCodesSplitIntoPermanentAndTemporary() {
    for (int code : new int[] {301, 308}) {
      assertTrue(StatusMapping.isRedirect(code));
      assertTrue(StatusMapping.isPermanentRedirect(code));
    }
    for (int code : new int[] {302, 303, 307}) {
      assertTrue(StatusMapping.isRedirect(code));
      assertFalse(StatusMapping.isPermanentRedirect(code));
    }
    for (int code : new int[] {300, 304, 305, 306, 200, 404}) {
      assertFalse(StatusMapping.isRedirect(code));
    }
  }

  @Test
  public void failuresMapByCodeRange() {
    assertOutcome(StatusMapping.forFailure(404, null, NOW, -1), CrawlStatus.FETCH_GONE, "http_404");
    assertOutcome(StatusMapping.forFailure(451, null, NOW, -1), CrawlStatus.FETCH_GONE, "http_451");
    assertOutcome(StatusMapping.forFailure(300, null, NOW, -1), CrawlStatus.FETCH_GONE, "http_300");
    assertOutcome(
        StatusMapping.forFailure(500, null, NOW, -1), CrawlStatus.FETCH_RETRY, "http_500");
    assertOutcome(
        StatusMapping.forFailure(599, null, NOW, -1), CrawlStatus.FETCH_RETRY, "http_599");
    assertOutcome(StatusMapping.forFailure(429, "5", NOW, -1), CrawlStatus.FETCH_RETRY, "http_429");
    assertOutcome(
        StatusMapping.forFailure(103, null, NOW, -1), CrawlStatus.FETCH_RETRY, "protocol_error");
    assertOutcome(
        StatusMapping.forFailure(999, null, NOW, -1), CrawlStatus.FETCH_RETRY, "protocol_error");
  }

  @Test
  public void retryAfterAcceptsSecondsAndHttpDates() {
    assertEquals(120_000, StatusMapping.retryAfterMillis("120", NOW, -1));
    assertEquals(120_000, StatusMapping.retryAfterMillis(" 120 ", NOW, -1));
    String inAMinute = DateUtils.formatStandardDate(Instant.ofEpochMilli(NOW).plusSeconds(60));
    assertEquals(60_000, StatusMapping.retryAfterMillis(inAMinute, NOW, -1));
  }

  @Test
  public void retryAfterInThePastIsZeroAndGarbageIsAbsent() {
    String anHourAgo = DateUtils.formatStandardDate(Instant.ofEpochMilli(NOW).minusSeconds(3600));
    assertEquals(0, StatusMapping.retryAfterMillis(anHourAgo, NOW, -1));
    assertEquals(-1, StatusMapping.retryAfterMillis("soon", NOW, -1));
    assertEquals(-1, StatusMapping.retryAfterMillis("-5", NOW, -1));
    assertEquals(-1, StatusMapping.retryAfterMillis("", NOW, -1));
    assertEquals(-1, StatusMapping.retryAfterMillis(null, NOW, -1));
  }

  @Test
  public void retryAfterIsCapped() {
    assertEquals(30_000, StatusMapping.retryAfterMillis("3600", NOW, 30_000));
    assertEquals(30_000, StatusMapping.retryAfterMillis("999999999999999999", NOW, 30_000));
    assertEquals(10_000, StatusMapping.retryAfterMillis("10", NOW, 30_000));
  }

  @Test
  public void networkFailuresMapToTheirReasons() {
    assertOutcome(
        StatusMapping.forException(new SocketTimeoutException("Read timed out"), false),
        CrawlStatus.FETCH_RETRY,
        "timeout");
    assertOutcome(
        StatusMapping.forException(new ConnectTimeoutException("connect timed out"), false),
        CrawlStatus.FETCH_RETRY,
        "timeout");
    assertOutcome(
        StatusMapping.forException(new ConnectException("Connection refused"), false),
        CrawlStatus.FETCH_RETRY,
        "connection_refused");
    assertOutcome(
        StatusMapping.forException(new SocketException("Connection reset"), false),
        CrawlStatus.FETCH_RETRY,
        "connection_reset");
    assertOutcome(
        StatusMapping.forException(new NoRouteToHostException("No route to host"), false),
        CrawlStatus.FETCH_RETRY,
        "host_unreachable");
    assertOutcome(
        StatusMapping.forException(new UnknownHostException("nowhere.test"), false),
        CrawlStatus.FETCH_RETRY,
        "dns_failure");
    assertOutcome(
        StatusMapping.forException(new IOException("something else"), false),
        CrawlStatus.FETCH_RETRY,
        "io_error");
  }

  @Test
  public void malformedResponsesAreProtocolErrors() {
    for (IOException e :
        new IOException[] {
          new MessageConstraintException("Maximum header count exceeded"),
          new NoHttpResponseException("127.0.0.1:80 failed to respond"),
          new ZipException("Not in GZIP format"),
          new EOFException("Unexpected end of ZLIB input stream")
        }) {
      assertOutcome(
          StatusMapping.forException(e, false), CrawlStatus.FETCH_RETRY, "protocol_error");
    }
  }

  @Test
  public void theDeadlineWinsOverWhateverTheAbortCaused() {
    assertOutcome(
        StatusMapping.forException(new SocketException("Socket closed"), true),
        CrawlStatus.FETCH_RETRY,
        "deadline_exceeded");
    assertOutcome(
        StatusMapping.forException(new DeadlineExceededException(), false),
        CrawlStatus.FETCH_RETRY,
        "deadline_exceeded");
  }

  @Test
  public void deniedAddressesAndTlsFailuresAreGone() {
    assertOutcome(
        StatusMapping.forException(
            new AddressDeniedException("metadata.test", "169.254.169.254", "link-local"), false),
        CrawlStatus.FETCH_GONE,
        "address_denied");
    assertOutcome(
        StatusMapping.forException(new SSLHandshakeException("PKIX path building failed"), false),
        CrawlStatus.FETCH_GONE,
        "tls_error");
  }

  @Test
  public void aNetworkFailureDuringTheHandshakeKeepsItsOwnReason() {
    SSLHandshakeException e = new SSLHandshakeException("Remote host terminated the handshake");
    e.initCause(new SocketException("Connection reset"));
    assertOutcome(
        StatusMapping.forException(e, false), CrawlStatus.FETCH_RETRY, "connection_reset");
  }

  @Test
  public void messagesAreOneShortLine() {
    ProtocolOutput out =
        StatusMapping.forException(
            new IOException("line one\nline two " + "x".repeat(1000)), false);
    assertFalse(out.getMessage().contains("\n"));
    assertTrue(out.getMessage().length() <= 203);
    assertTrue(out.getMessage().startsWith("IOException: line one line two"));
  }
}
