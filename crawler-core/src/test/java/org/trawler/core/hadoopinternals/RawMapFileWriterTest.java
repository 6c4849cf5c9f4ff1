package org.trawler.core.hadoopinternals;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * MapFiles written from raw bytes read back through Hadoop's own MapFile.Reader, lookups included.
 */
public class RawMapFileWriterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = new Configuration();

  private static byte[] serialized(Text t) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    t.write(out);
    byte[] b = new byte[out.getLength()];
    System.arraycopy(out.getData(), 0, b, 0, b.length);
    return b;
  }

  private static byte[] compressed(CompressionCodec codec, byte[] raw) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    try (CompressionOutputStream c = codec.createOutputStream(out)) {
      c.write(raw);
      c.finish();
      byte[] b = new byte[out.getLength()];
      System.arraycopy(out.getData(), 0, b, 0, b.length);
      return b;
    }
  }

  private Path write(CompressionType type, CompressionCodec codec, int records) throws IOException {
    Path dir = new Path(tmp.getRoot().getAbsolutePath(), "map-" + type);
    conf.setInt("io.map.index.interval", 8);
    try (RawMapFileWriter w = new RawMapFileWriter(conf, dir, Text.class, type, codec)) {
      RawMapFileWriter.Bytes value = new RawMapFileWriter.Bytes();
      for (int i = 0; i < records; i++) {
        byte[] key = serialized(new Text(String.format("k%05d", i)));
        byte[] v = serialized(new Text("value of " + i));
        if (type == CompressionType.RECORD) {
          v = compressed(codec, v);
        }
        w.append(key, key.length, value.set(v, v.length, type == CompressionType.RECORD));
      }
      assertEquals(records, w.size());
    }
    return dir;
  }

  private void assertLookups(Path dir, int records) throws IOException {
    try (MapFile.Reader reader = new MapFile.Reader(dir, conf)) {
      for (int i : new int[] {0, 7, 8, 9, records / 2, records - 1}) {
        Text v = new Text();
        assertTrue("k" + i, reader.get(new Text(String.format("k%05d", i)), v) != null);
        assertEquals("value of " + i, v.toString());
      }
      assertNull(reader.get(new Text("k99999x"), new Text()));
    }
  }

  @Test
  public void recordCompressedValuesCompressedElsewhereReadBack() throws IOException {
    CompressionCodec codec = ReflectionUtils.newInstance(DefaultCodec.class, conf);
    assertLookups(write(CompressionType.RECORD, codec, 300), 300);
  }

  @Test
  public void blockCompressedAndUncompressedFilesReadBack() throws IOException {
    CompressionCodec codec = ReflectionUtils.newInstance(DefaultCodec.class, conf);
    assertLookups(write(CompressionType.BLOCK, codec, 300), 300);
    assertLookups(write(CompressionType.NONE, null, 300), 300);
  }

  @Test
  public void aKeyOutOfOrderIsRefused() throws IOException {
    Path dir = new Path(tmp.getRoot().getAbsolutePath(), "unsorted");
    try (RawMapFileWriter w =
        new RawMapFileWriter(conf, dir, Text.class, CompressionType.NONE, null)) {
      RawMapFileWriter.Bytes value = new RawMapFileWriter.Bytes();
      byte[] v = serialized(new Text("v"));
      byte[] b = serialized(new Text("b"));
      byte[] a = serialized(new Text("a"));
      w.append(b, b.length, value.set(v, v.length, false));
      w.append(
          b,
          b.length,
          value.set(v, v.length, false)); // equal keys are allowed, as in MapFile.Writer
      try {
        w.append(a, a.length, value.set(v, v.length, false));
        fail("a before b");
      } catch (IOException e) {
        assertTrue(e.getMessage(), e.getMessage().contains("out of order"));
      }
    }
  }
}
