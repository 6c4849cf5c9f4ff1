package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;

/**
 * Content-Encoding br and zstd (beside gzip and deflate, tested in HttpProtocolTest): decoded, and
 * held to http.content.limit like gzip. The brotli files were made once with the brotli tool
 * (page.html.br from page.html; zeros-256mb.br from 256 MB of zeros), as no Java brotli encoder is
 * on Maven Central in pure Java.
 */
public class ContentEncodingTest {
  private LoopbackHttpServer server;
  private HttpProtocol protocol;

  @Before
  public void setUp() throws IOException {
    server = LoopbackHttpServer.start("127.0.0.1");
    protocol = new HttpProtocol(ShortTimeouts.conf());
  }

  @After
  public void tearDown() throws IOException {
    protocol.close();
    server.close();
  }

  @Test
  public void acceptEncodingNamesEveryDecodedCoding() {
    server.on("/hdr", LoopbackHttpServer.text(200, "text/plain", "ok"));
    protocol.fetch(server.url("/hdr"), 0);
    assertEquals(
        "gzip, x-gzip, deflate, br, zstd",
        server.lastRequestHeaders("/hdr").getFirst("Accept-Encoding"));
  }

  @Test
  public void brotliResponsesAreDecoded() throws IOException {
    server.on("/br", raw("text/html; charset=utf-8", "br", resource("page.html.br")));
    ProtocolOutput out = protocol.fetch(server.url("/br"), 0);
    assertEquals(CrawlStatus.FETCH_SUCCESS, out.getStatus());
    assertEquals(
        new String(resource("page.html"), StandardCharsets.UTF_8),
        new String(out.getContent().getContent(), StandardCharsets.UTF_8));
    assertNull(out.getContent().getHeader("Content-Encoding"));
  }

  @Test
  public void zstdResponsesAreDecoded() {
    String text = "<html>" + "zstd compressed ".repeat(1000) + "</html>";
    server.on(
        "/zstd", LoopbackHttpServer.encoded("text/html", "zstd", ZstdOutputStream::new, text));
    ProtocolOutput out = protocol.fetch(server.url("/zstd"), 0);
    assertEquals(CrawlStatus.FETCH_SUCCESS, out.getStatus());
    assertEquals(text, new String(out.getContent().getContent(), StandardCharsets.UTF_8));
  }

  @Test
  public void aBrotliBombIsTruncatedAtTheLimitWithBoundedMemory() throws IOException {
    assertBombTruncated("br", resource("zeros-256mb.br"));
  }

  @Test
  public void aZstdBombIsTruncatedAtTheLimitWithBoundedMemory() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream zstd = new ZstdOutputStream(bytes)) {
      byte[] zeros = new byte[1 << 20];
      for (int i = 0; i < 64; i++) {
        zstd.write(zeros);
      }
    }
    assertBombTruncated("zstd", bytes.toByteArray());
  }

  @Test
  public void aBodyThatIsNotTheBrotliItClaimsIsAProtocolError() {
    server.on(
        "/bad",
        raw("text/html", "br", "this is not brotli at all".getBytes(StandardCharsets.UTF_8)));
    ProtocolOutput out = protocol.fetch(server.url("/bad"), 0);
    assertEquals(out.toString(), CrawlStatus.FETCH_RETRY, out.getStatus());
    assertEquals("protocol_error", out.getReasonName());
  }

  private void assertBombTruncated(String encoding, byte[] body) throws IOException {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, 1 << 20);
    server.on("/bomb", raw("text/html", encoding, body));
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    ProtocolOutput out;
    try (HttpProtocol limited = new HttpProtocol(conf)) {
      out = limited.fetch(server.url("/bomb"), 0);
    }
    long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    assertEquals(out.toString(), CrawlStatus.FETCH_SUCCESS, out.getStatus());
    Content content = out.getContent();
    assertEquals(1 << 20, content.getContent().length);
    assertTrue(content.isTruncated());
    assertTrue("allocated " + allocated + " bytes", allocated < 48L << 20);
  }

  private static LoopbackHttpServer.Handler raw(String type, String encoding, byte[] body) {
    return exchange -> {
      exchange.getResponseHeaders().set("Content-Type", type);
      exchange.getResponseHeaders().set("Content-Encoding", encoding);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      } catch (IOException e) {
        // the client stopped reading at its limit
      }
    };
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = ContentEncodingTest.class.getResourceAsStream("/encodings/" + name)) {
      return in.readAllBytes();
    }
  }
}
