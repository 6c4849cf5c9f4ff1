package org.trawler.core.datum;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Objects;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.Test;

public class CrawlDatumTest {

  /** A Writable CrawlDatum does not know: stored with its class name. */
  public static class GeoPoint implements Writable {
    double lat;
    double lon;

    public GeoPoint() {}

    GeoPoint(double lat, double lon) {
      this.lat = lat;
      this.lon = lon;
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeDouble(lat);
      out.writeDouble(lon);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      lat = in.readDouble();
      lon = in.readDouble();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof GeoPoint && ((GeoPoint) o).lat == lat && ((GeoPoint) o).lon == lon;
    }

    @Override
    public int hashCode() {
      return Objects.hash(lat, lon);
    }
  }

  static byte[] bytes(Writable w) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    w.write(new DataOutputStream(out));
    return out.toByteArray();
  }

  static <T extends Writable> T read(byte[] data, T into) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
    into.readFields(in);
    assertEquals("every byte read", 0, in.available());
    return into;
  }

  static CrawlDatum roundTrip(CrawlDatum d) throws IOException {
    return read(bytes(d), new CrawlDatum());
  }

  static CrawlDatum full() {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 2.5f);
    d.setFetchTime(1_700_000_000_123L);
    d.setRetries(3);
    d.setSignature(new byte[] {0, 1, (byte) 0xff, 0x7f});
    d.setModifiedTime(1_600_000_000_456L);
    d.getMetadata().put(new Text("text"), new Text("héllo wörld ✓"));
    d.getMetadata().put(new Text("int"), new IntWritable(-7));
    d.getMetadata().put(new Text("long"), new LongWritable(Long.MAX_VALUE));
    d.getMetadata().put(new Text("float"), new FloatWritable(1.5f));
    d.getMetadata().put(new Text("double"), new DoubleWritable(-0.25));
    d.getMetadata().put(new Text("bytes"), new BytesWritable(new byte[] {9, 8, 7}));
    d.getMetadata().put(new Text("bool"), new BooleanWritable(true));
    d.getMetadata().put(new Text("custom"), new GeoPoint(48.85, 2.35));
    d.setDepth(2);
    return d;
  }

  @Test
  public void everyFieldSurvivesARoundTrip() throws IOException {
    CrawlDatum copy = roundTrip(full());
    assertEquals(full(), copy);
    assertEquals(CrawlStatus.DB_FETCHED, copy.getStatus());
    assertEquals(1_700_000_000_123L, copy.getFetchTime());
    assertEquals(3, copy.getRetries());
    assertEquals(86400, copy.getFetchInterval());
    assertEquals(2.5f, copy.getScore(), 0);
    assertArrayEquals(new byte[] {0, 1, (byte) 0xff, 0x7f}, copy.getSignature());
    assertEquals(1_600_000_000_456L, copy.getModifiedTime());
    assertEquals(new GeoPoint(48.85, 2.35), copy.getMetadata().get(new Text("custom")));
    assertEquals(
        new BytesWritable(new byte[] {9, 8, 7}), copy.getMetadata().get(new Text("bytes")));
    assertEquals(2, copy.getDepth());
    assertEquals(full().toString(), copy.toString());
  }

  @Test
  public void metadataKeepsItsOrder() throws IOException {
    assertArrayEquals(
        full().getMetadata().keySet().toArray(),
        roundTrip(full()).getMetadata().keySet().toArray());
  }

  @Test
  public void emptyMetadataRoundTrips() throws IOException {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 10, 1f);
    CrawlDatum copy = roundTrip(d);
    assertTrue(copy.getMetadata().isEmpty());
    assertEquals(d, copy);
  }

  @Test
  public void tenThousandMetadataEntriesOfEveryTypeRoundTrip() throws IOException {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 10, 1f);
    for (int i = 0; i < 10_000; i++) {
      Text key = new Text("k" + i);
      switch (i % 8) {
        case 0:
          d.getMetadata().put(key, new Text("v" + i));
          break;
        case 1:
          d.getMetadata().put(key, new IntWritable(i));
          break;
        case 2:
          d.getMetadata().put(key, new LongWritable(i * 1_000_000_000L));
          break;
        case 3:
          d.getMetadata().put(key, new FloatWritable(i / 3f));
          break;
        case 4:
          d.getMetadata().put(key, new DoubleWritable(i / 7d));
          break;
        case 5:
          d.getMetadata().put(key, new BytesWritable(new byte[] {(byte) i}));
          break;
        case 6:
          d.getMetadata().put(key, new BooleanWritable(i % 3 == 0));
          break;
        default:
          d.getMetadata().put(key, new GeoPoint(i, -i));
      }
    }
    CrawlDatum copy = roundTrip(d);
    assertEquals(10_000, copy.getMetadata().size());
    assertEquals(d, copy);
    assertEquals(new GeoPoint(7, -7), copy.getMetadata().get(new Text("k7")));
  }

  @Test
  public void readingIntoAUsedDatumReplacesEverything() throws IOException {
    CrawlDatum reused = full();
    CrawlDatum plain = new CrawlDatum(CrawlStatus.LINKED, 1, 0f);
    read(bytes(plain), reused);
    assertEquals(plain, reused);
    assertNull(reused.getSignature());
    assertTrue(reused.getMetadata().isEmpty());
  }

  @Test
  public void nullAndEmptySignatureStayDistinct() throws IOException {
    CrawlDatum none = new CrawlDatum();
    CrawlDatum empty = new CrawlDatum();
    empty.setSignature(new byte[0]);
    assertNull(roundTrip(none).getSignature());
    assertArrayEquals(new byte[0], roundTrip(empty).getSignature());
    assertNotEquals(none, empty);
  }

  @Test
  public void unknownVersionFailsWithAClearMessage() throws IOException {
    byte[] data = bytes(full());
    data[0] = 9;
    try {
      read(data, new CrawlDatum());
      fail("version 9 was read");
    } catch (IOException e) {
      assertTrue(
          e.getMessage(), e.getMessage().contains("CrawlDatum format version 9 is not supported"));
      assertTrue(e.getMessage(), e.getMessage().contains("reads version " + CrawlDatum.VERSION));
    }
  }

  @Test
  public void metadataOfAnUnknownClassFailsNamingTheClass() throws IOException {
    CrawlDatum d = new CrawlDatum();
    d.getMetadata().put(new Text("geo"), new GeoPoint(1, 2));
    byte[] data = bytes(d);
    String name = GeoPoint.class.getName();
    byte[] renamed =
        new String(data, java.nio.charset.StandardCharsets.ISO_8859_1)
            .replace(name, name.replace("GeoPoint", "GeoPoinX"))
            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    try {
      read(renamed, new CrawlDatum());
      fail("an unknown class was read");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("GeoPoinX cannot be created"));
    }
  }

  @Test
  public void copyIsDeep() {
    CrawlDatum original = full();
    CrawlDatum copy = new CrawlDatum(original);
    assertEquals(original, copy);
    copy.getSignature()[0] = 42;
    ((Text) copy.getMetadata().get(new Text("text"))).set("changed");
    ((GeoPoint) copy.getMetadata().get(new Text("custom"))).lat = 0;
    ((BytesWritable) copy.getMetadata().get(new Text("bytes"))).set(new byte[] {1}, 0, 1);
    assertEquals(full(), original);
    assertNotSame(original.getMetadata(), copy.getMetadata());
  }

  @Test
  public void retriesAreClampedToAByte() {
    CrawlDatum d = new CrawlDatum();
    d.setRetries(500);
    assertEquals(Byte.MAX_VALUE, d.getRetries());
    d.setRetries(-3);
    assertEquals(0, d.getRetries());
  }

  @Test
  public void metadataConveniencesReadNumbersWhateverTheirType() {
    CrawlDatum d = new CrawlDatum();
    d.putMeta(new Text("i"), 5);
    d.putMeta(new Text("l"), 6L);
    d.putMeta(new Text("t"), " 7 ");
    d.putMeta(new Text("bad"), "x");
    assertEquals(5, d.getMetaInt(new Text("i"), -1));
    assertEquals(6, d.getMetaInt(new Text("l"), -1));
    assertEquals(7, d.getMetaInt(new Text("t"), -1));
    assertEquals(-1, d.getMetaInt(new Text("bad"), -1));
    assertEquals(-1, d.getMetaInt(new Text("missing"), -1));
    assertEquals(5L, d.getMetaLong(new Text("i"), -1));
    assertEquals("7", d.getMetaString(new Text("t")).trim());
    assertNull(d.getMetaString(new Text("missing")));
    assertEquals(0, d.getDepth());
  }
}
