package org.trawler.core.protocol.http;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.HttpTranscript.Exchange;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;

/** What the protocol keeps of the wire (fetcher.store.http.headers), against a loopback server. */
public class HttpTranscriptRecordingTest {
  private LoopbackHttpServer server;
  private HttpProtocol protocol;

  @Before
  public void setUp() throws IOException {
    server = LoopbackHttpServer.start("127.0.0.3");
    protocol = new HttpProtocol(ShortTimeouts.conf());
  }

  @After
  public void tearDown() {
    protocol.close();
    server.close();
  }

  @Test
  public void requestAndResponseHeadsAreKeptAsOnTheWireBeforeDecoding() {
    String text = "<html>" + "compressible ".repeat(1000) + "</html>";
    server.on(
        "/gz",
        LoopbackHttpServer.encoded(
            "text/html; charset=utf-8", "gzip", GZIPOutputStream::new, text));
    long before = System.currentTimeMillis();
    ProtocolOutput out = protocol.fetch(server.url("/gz"), 0);
    HttpTranscript transcript = out.getTranscript();
    assertEquals(1, transcript.exchanges().size());
    Exchange e = transcript.last();
    assertEquals(server.url("/gz"), e.url());
    assertEquals("127.0.0.3", e.ipAddress());
    assertTrue(e.requestTime() >= before && e.requestTime() <= System.currentTimeMillis());
    String request = e.requestHeadText();
    assertTrue(request, request.startsWith("GET /gz HTTP/1.1\r\n"));
    assertTrue(request, request.contains("\r\nHost: 127.0.0.3:"));
    assertTrue(request, request.contains("\r\nUser-Agent: Trawler/0.1.0\r\n"));
    assertTrue(request, request.contains("\r\nAccept-Encoding: gzip"));
    assertTrue(request, request.endsWith("\r\n\r\n"));
    String response = e.responseHeadText();
    assertTrue(response, response.startsWith("HTTP/1.1 200 OK\r\n"));
    assertTrue(response, response.toLowerCase().contains("content-encoding: gzip\r\n"));
    assertTrue(response, response.endsWith("\r\n\r\n"));
    assertEquals(200, e.statusCode());
    assertTrue("a 2xx body is the content's", e.bodyInContent());
    assertEquals(0, e.body().length);
    assertNull("the content's headers are decoded", out.getContent().getHeader("Content-Encoding"));
  }

  @Test
  public void everyRedirectHopIsAnExchangeWithItsBody() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.REDIRECT_MAX, 2);
    server.on("/from", LoopbackHttpServer.redirect(301, "/to"));
    server.on("/to", LoopbackHttpServer.text(404, "text/plain", "gone away"));
    try (HttpProtocol following = new HttpProtocol(conf)) {
      HttpTranscript transcript = following.fetch(server.url("/from"), 0).getTranscript();
      assertEquals(2, transcript.exchanges().size());
      assertEquals(301, transcript.exchanges().get(0).statusCode());
      assertEquals(server.url("/to"), transcript.last().url());
      assertEquals(404, transcript.last().statusCode());
      assertFalse(transcript.last().bodyInContent());
      assertArrayEquals("gone away".getBytes(StandardCharsets.UTF_8), transcript.last().body());
      assertEquals(HttpTranscript.Truncation.NONE, transcript.last().truncation());
    }
  }

  @Test
  public void aBodyCutAtTheLimitIsMarkedLength() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, 100);
    server.on("/big", LoopbackHttpServer.text(200, "text/plain", "x".repeat(5000)));
    try (HttpProtocol limited = new HttpProtocol(conf)) {
      Exchange e = limited.fetch(server.url("/big"), 0).getTranscript().last();
      assertEquals(HttpTranscript.Truncation.LENGTH, e.truncation());
    }
  }

  @Test
  public void nothingIsKeptWhenSwitchedOffOrNothingWasExchanged() {
    Configuration conf = ShortTimeouts.conf();
    conf.setBoolean(ProtocolKeys.STORE_HTTP_HEADERS, false);
    server.on("/p", LoopbackHttpServer.text(200, "text/plain", "p"));
    try (HttpProtocol off = new HttpProtocol(conf)) {
      assertNull(off.fetch(server.url("/p"), 0).getTranscript());
    }
    server.close();
    assertNull(protocol.fetch(server.url("/p"), 0).getTranscript());
  }
}
