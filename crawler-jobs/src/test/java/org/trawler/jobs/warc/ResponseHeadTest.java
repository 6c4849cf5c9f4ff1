package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.Test;

public class ResponseHeadTest {
  private static byte[] head(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  @Test
  public void encodingHeadersAreRenamedAndContentLengthIsTheStoredLength() {
    byte[] received =
        head(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\ncontent-encoding: gzip\r\n"
                + "Transfer-Encoding: chunked\r\nContent-Length: 99\r\n\r\n");
    assertEquals(
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Crawler-content-encoding: gzip\r\n"
            + "X-Crawler-Transfer-Encoding: chunked\r\nContent-Length: 1234\r\n\r\n",
        text(ResponseHead.forStoredBody(received, 1234)));
  }

  @Test
  public void aHeadWithoutFieldsGetsContentLength() {
    assertEquals(
        "HTTP/1.0 304 Not Modified\r\nContent-Length: 0\r\n\r\n",
        text(ResponseHead.forStoredBody(head("HTTP/1.0 304 Not Modified\r\n\r\n"), 0)));
  }

  @Test
  public void fieldsAreFoundInAnyCaseAndTheMediaTypeLosesItsParameters() {
    byte[] h = head("HTTP/1.1 200 OK\r\ncontent-TYPE: Text/HTML; charset=utf-8\r\n\r\n");
    assertEquals("Text/HTML; charset=utf-8", ResponseHead.field(h, "Content-Type"));
    assertEquals("text/html", ResponseHead.mediaType(h));
    assertNull(ResponseHead.mediaType(head("HTTP/1.1 204 No Content\r\n\r\n")));
  }
}
