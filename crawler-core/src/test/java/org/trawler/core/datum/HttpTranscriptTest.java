package org.trawler.core.datum;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.junit.Test;

public class HttpTranscriptTest {
  @Test
  public void writesAndReadsBackEveryField() throws IOException {
    HttpTranscript.Exchange redirect =
        new HttpTranscript.Exchange(
            "http://a.test/",
            10L,
            "127.0.0.2",
            bytes("GET / HTTP/1.1\r\nHost: a.test\r\n\r\n"),
            bytes("HTTP/1.1 301 Moved\r\nLocation: /b\r\n\r\n"),
            301,
            bytes("moved"),
            false,
            HttpTranscript.Truncation.NONE);
    HttpTranscript.Exchange page =
        new HttpTranscript.Exchange(
            "http://a.test/b",
            20L,
            "::1",
            bytes("GET /b HTTP/1.1\r\n\r\n"),
            bytes("HTTP/1.1 200 OK\r\n\r\n"),
            200,
            new byte[0],
            true,
            HttpTranscript.Truncation.TIME);
    HttpTranscript back = roundTrip(new HttpTranscript(List.of(redirect, page)));
    assertEquals(2, back.exchanges().size());
    HttpTranscript.Exchange r = back.exchanges().get(0);
    assertEquals("http://a.test/", r.url());
    assertEquals(10L, r.requestTime());
    assertEquals("127.0.0.2", r.ipAddress());
    assertEquals("GET / HTTP/1.1\r\nHost: a.test\r\n\r\n", r.requestHeadText());
    assertEquals("HTTP/1.1 301 Moved\r\nLocation: /b\r\n\r\n", r.responseHeadText());
    assertEquals(301, r.statusCode());
    assertArrayEquals(bytes("moved"), r.body());
    HttpTranscript.Exchange p = back.last();
    assertTrue(p.bodyInContent());
    assertEquals(HttpTranscript.Truncation.TIME, p.truncation());
  }

  @Test
  public void anotherFormatVersionIsRefusedWithAClearMessage() throws IOException {
    DataInputBuffer in = new DataInputBuffer();
    in.reset(new byte[] {9, 0}, 2);
    try {
      new HttpTranscript().readFields(in);
      fail();
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("HttpTranscript format version 9"));
    }
  }

  private static HttpTranscript roundTrip(HttpTranscript t) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    t.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    HttpTranscript back = new HttpTranscript();
    back.readFields(in);
    return back;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }
}
