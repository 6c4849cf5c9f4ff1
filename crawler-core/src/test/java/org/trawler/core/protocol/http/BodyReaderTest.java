package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.Test;

public class BodyReaderTest {
  private static final Deadline FAR = new Deadline(60_000);

  private static InputStream bytes(int n) {
    return new ByteArrayInputStream(new byte[n]);
  }

  @Test
  public void aShortBodyIsReadWhole() throws IOException {
    BodyReader.Body body = BodyReader.read(bytes(100), 1000, FAR);
    assertEquals(100, body.bytes().length);
    assertFalse(body.truncated());
  }

  @Test
  public void aBodyOfExactlyTheLimitIsNotTruncated() throws IOException {
    BodyReader.Body body = BodyReader.read(bytes(20_000), 20_000, FAR);
    assertEquals(20_000, body.bytes().length);
    assertFalse(body.truncated());
  }

  @Test
  public void aLongerBodyIsCutAtTheLimit() throws IOException {
    BodyReader.Body body = BodyReader.read(bytes(20_001), 20_000, FAR);
    assertEquals(20_000, body.bytes().length);
    assertTrue(body.truncated());
  }

  @Test
  public void aZeroLimitKeepsNothing() throws IOException {
    BodyReader.Body body = BodyReader.read(bytes(5), 0, FAR);
    assertEquals(0, body.bytes().length);
    assertTrue(body.truncated());
  }

  @Test(expected = DeadlineExceededException.class)
  public void aPassedDeadlineStopsReading() throws IOException {
    Deadline passed = new Deadline(0);
    BodyReader.read(bytes(10), 100, passed);
  }
}
