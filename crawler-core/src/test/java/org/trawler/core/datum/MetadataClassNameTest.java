package org.trawler.core.datum;

import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.junit.Test;

/** A class name read from crawl data is only ever used to create a Writable. */
public class MetadataClassNameTest {

  private static byte[] serialized(CrawlDatum d) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    d.write(out);
    byte[] bytes = new byte[out.getLength()];
    System.arraycopy(out.getData(), 0, bytes, 0, bytes.length);
    return bytes;
  }

  private static CrawlDatum read(byte[] bytes) throws IOException {
    CrawlDatum d = new CrawlDatum();
    d.readFields(new DataInputStream(new ByteArrayInputStream(bytes)));
    return d;
  }

  @Test
  public void aWritableOfAnyClassRoundTrips() throws Exception {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 60, 1f);
    d.getMetadata().put(new Text("probe"), new MetaProbe());
    assertTrue(read(serialized(d)).getMetadata().get(new Text("probe")) instanceof MetaProbe);
  }

  @Test
  public void aForgedClassNameThatIsNoWritableIsRefusedUnconstructed() throws Exception {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 60, 1f);
    d.getMetadata().put(new Text("probe"), new MetaProbe());
    String bytes = new String(serialized(d), StandardCharsets.ISO_8859_1);
    byte[] forged =
        bytes
            .replace(MetaProbe.class.getName(), MetaThing.class.getName())
            .getBytes(StandardCharsets.ISO_8859_1); // same length: only the name changes
    try {
      read(forged);
      fail("a non-Writable class was accepted");
    } catch (IOException e) {
      assertTrue(
          e.getMessage(),
          e.getMessage().contains(MetaThing.class.getName() + " is not a Writable"));
    }
  }
}
