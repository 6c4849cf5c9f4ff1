package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.trawler.core.protocol.http.Outcomes.assertOutcome;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;

/**
 * Servers that misbehave on purpose: every fetch still ends, in bounded time and memory, with a
 * status.
 */
public class HttpProtocolHostileServerTest {
  /** Time a call may take beyond the configured bound on a busy 2-core machine. */
  private static final long SLACK_MILLIS = 1500;

  private RawHttpServer server;
  private HttpProtocol protocol;

  @After
  public void tearDown() throws IOException {
    if (protocol != null) {
      protocol.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private ProtocolOutput fetchFrom(RawHttpServer.Script script, Configuration conf)
      throws IOException {
    server = RawHttpServer.start(script);
    protocol = new HttpProtocol(conf);
    return protocol.fetch(server.url("/"), 0);
  }

  private ProtocolOutput fetchFrom(RawHttpServer.Script script) throws IOException {
    return fetchFrom(script, ShortTimeouts.conf());
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  @Test
  public void aMalformedStatusLineIsAProtocolError() throws IOException {
    ProtocolOutput out =
        fetchFrom((socket, head) -> RawHttpServer.write(socket, "HTTP/1.1 OK-ish\r\n\r\nbody"));
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "protocol_error");
  }

  @Test
  public void garbageInsteadOfAResponseIsAProtocolError() throws IOException {
    ProtocolOutput out =
        fetchFrom((socket, head) -> RawHttpServer.write(socket, "SSH-2.0-OpenSSH\r\n\r\n"));
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "protocol_error");
  }

  @Test
  public void tenThousandHeadersAreAProtocolError() throws IOException {
    long start = System.nanoTime();
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              StringBuilder response = new StringBuilder("HTTP/1.1 200 OK\r\n");
              for (int i = 0; i < 10_000; i++) {
                response.append("X-Header-").append(i).append(": value\r\n");
              }
              RawHttpServer.write(
                  socket, response.append("Content-Length: 2\r\n\r\nok").toString());
            });
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "protocol_error");
    assertTrue(out.getMessage(), out.getMessage().toLowerCase().contains("header"));
    assertTrue(millisSince(start) < ShortTimeouts.DEADLINE_MILLIS);
  }

  @Test
  public void aOneMegabyteHeaderLineIsAProtocolError() throws IOException {
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              RawHttpServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nX-Huge: "
                      + "a".repeat(1 << 20)
                      + "\r\nContent-Length: 2\r\n\r\nok");
            });
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "protocol_error");
    assertTrue(out.getMessage(), out.getMessage().length() < 300);
  }

  @Test
  public void aConnectionResetMidBodyIsConnectionReset() throws IOException {
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              RawHttpServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n"
                      + "x".repeat(1000));
              Thread.sleep(200);
              socket.setSoLinger(true, 0); // close with RST
              socket.close();
            });
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "connection_reset");
  }

  @Test
  public void aBodyShorterThanItsLengthIsAProtocolError() throws IOException {
    ProtocolOutput out =
        fetchFrom(
            (socket, head) ->
                RawHttpServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + "x".repeat(1000)));
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "protocol_error");
  }

  @Test
  public void aServerThatClosesWithoutAnsweringIsAProtocolError() throws IOException {
    ProtocolOutput out = fetchFrom((socket, head) -> socket.close());
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "protocol_error");
  }

  @Test
  public void aServerThatAcceptsAndNeverAnswersIsATimeout() throws IOException {
    long start = System.nanoTime();
    ProtocolOutput out = fetchFrom((socket, head) -> Thread.sleep(60_000));
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "timeout");
    assertTrue(
        millisSince(start) + " ms",
        millisSince(start) < ShortTimeouts.TIMEOUT_MILLIS + SLACK_MILLIS);
  }

  @Test
  public void aBodyDrippingOneBytePerSecondEndsAtTheDeadline() throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(
        ProtocolKeys.TIMEOUT, 2000); // each byte comes in time: only the deadline can end it
    long start = System.nanoTime();
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              RawHttpServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n");
              for (int i = 0; i < 1000; i++) {
                RawHttpServer.write(socket, "x");
                Thread.sleep(1000);
              }
            },
            conf);
    long millis = millisSince(start);
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "deadline_exceeded");
    assertTrue(millis + " ms", millis >= ShortTimeouts.DEADLINE_MILLIS - 100);
    assertTrue(millis + " ms", millis < ShortTimeouts.DEADLINE_MILLIS + SLACK_MILLIS);
  }

  @Test
  public void aStalledBodyIsAbortedAtTheDeadline() throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.TIMEOUT, 10_000);
    conf.setInt(ProtocolKeys.REQUEST_DEADLINE, 1500);
    long start = System.nanoTime();
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              RawHttpServer.write(
                  socket, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nfirst bytes");
              Thread.sleep(60_000);
            },
            conf);
    long millis = millisSince(start);
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "deadline_exceeded");
    assertTrue(millis + " ms", millis < 1500 + SLACK_MILLIS);
  }

  @Test
  public void headersDrippingOneBytePerSecondEndAtTheDeadline() throws IOException {
    long start = System.nanoTime();
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              for (char c : "HTTP/1.1 200 OK\r\nX-Slow: ".concat("z".repeat(1000)).toCharArray()) {
                RawHttpServer.write(socket, String.valueOf(c));
                Thread.sleep(500);
              }
            });
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "deadline_exceeded");
    assertTrue(millisSince(start) < ShortTimeouts.DEADLINE_MILLIS + SLACK_MILLIS);
  }

  @Test
  public void aNeverEndingBodyIsTruncatedAtTheContentLimit() throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, 100_000);
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              RawHttpServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n");
              String chunk = Integer.toHexString(4096) + "\r\n" + "e".repeat(4096) + "\r\n";
              while (true) {
                RawHttpServer.write(socket, chunk);
              }
            },
            conf);
    assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals(100_000, out.getContent().getContent().length);
    assertTrue(out.getContent().isTruncated());
  }

  @Test
  public void aNeverEndingBodyWithoutLimitEndsAtTheDeadline() throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, -1);
    long start = System.nanoTime();
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              RawHttpServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"); // body until close
              byte[] block = new byte[4096];
              Arrays.fill(block, (byte) 'n');
              while (true) {
                socket.getOutputStream().write(block);
                Thread.sleep(5); // ~800 kB/s: memory stays small, time runs out
              }
            },
            conf);
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "deadline_exceeded");
    assertTrue(millisSince(start) < ShortTimeouts.DEADLINE_MILLIS + SLACK_MILLIS);
  }

  @Test
  public void aGzipBombIsTruncatedAtTheLimitWithBoundedMemory() throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, 1 << 20);
    // One gzip member of 64 MB of zeros is ~64 KB; 100 concatenated members decode to 6.4 GB.
    byte[] member = gzippedZeros(64 << 20);
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long allocatedBefore = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    ProtocolOutput out =
        fetchFrom(
            (socket, head) -> {
              RawHttpServer.write(
                  socket,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
                      + "Content-Length: "
                      + (100L * member.length)
                      + "\r\n\r\n");
              for (int i = 0; i < 100; i++) {
                socket.getOutputStream().write(member);
              }
            },
            conf);
    long allocated =
        threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - allocatedBefore;
    assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
    Content content = out.getContent();
    assertEquals(1 << 20, content.getContent().length);
    assertTrue(content.isTruncated());
    assertTrue("allocated " + allocated + " bytes", allocated < 32L << 20);
  }

  @Test
  public void aKeptAliveConnectionServesManyRequests() throws IOException {
    server =
        RawHttpServer.start(
            (socket, head) -> {
              String request = head;
              while (!request.isEmpty()) {
                boolean missing = request.startsWith("GET /missing");
                RawHttpServer.write(
                    socket,
                    missing
                        ? "HTTP/1.1 404 Not Found\r\nContent-Length: 7\r\n\r\nmissing"
                        : "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello");
                request = RawHttpServer.readHead(socket.getInputStream());
              }
            });
    protocol = new HttpProtocol(ShortTimeouts.conf());
    for (int i = 0; i < 5; i++) {
      assertOutcome(protocol.fetch(server.url("/page"), 0), CrawlStatus.FETCH_SUCCESS, "ok");
      assertOutcome(protocol.fetch(server.url("/missing"), 0), CrawlStatus.FETCH_GONE, "http_404");
    }
    assertEquals(1, server.connections());
  }

  private static byte[] gzippedZeros(int length) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream gzip = new GZIPOutputStream(bytes)) {
      byte[] zeros = new byte[1 << 20];
      for (int written = 0; written < length; written += zeros.length) {
        gzip.write(zeros);
      }
    }
    return bytes.toByteArray();
  }

  @Test
  public void aBodyThatIsNotTheGzipItClaimsIsAProtocolError() throws IOException {
    ProtocolOutput out =
        fetchFrom(
            (socket, head) ->
                RawHttpServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 20\r\n\r\nthis is not gzip....."));
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "protocol_error");
  }

  @Test
  public void anUnknownContentEncodingIsKeptAsSent() throws IOException {
    ProtocolOutput out =
        fetchFrom(
            (socket, head) ->
                RawHttpServer.write(
                    socket,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: compress\r\nContent-Length: 6\r\n\r\n\u00ce\u00b2\u0001abc"));
    // Not advertised in Accept-Encoding, so not decoded: the header stays so parse can tell.
    assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals("compress", out.getContent().getHeader("Content-Encoding"));
    assertEquals(6, out.getContent().getContent().length);
  }
}
