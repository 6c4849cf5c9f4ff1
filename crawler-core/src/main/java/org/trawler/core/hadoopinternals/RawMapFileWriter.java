package org.trawler.core.hadoopinternals;

import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.compress.CompressionCodec;

/**
 * A {@code MapFile<Text, V>} written from bytes already serialized, and for record compression
 * already compressed elsewhere (on the threads that produced them). The files are the ones {@link
 * MapFile.Writer} writes: a data SequenceFile and a block-compressed index holding every {@code
 * io.map.index.interval}-th key with its position, so {@link MapFile.Reader} reads them.
 */
public final class RawMapFileWriter implements Closeable {
  private static final WritableComparator TEXT_ORDER = WritableComparator.get(Text.class);

  private final SequenceFile.Writer data;
  private final SequenceFile.Writer index;
  private final int indexInterval;
  private final Text indexKey = new Text();
  private final LongWritable position = new LongWritable();
  private final DataInputBuffer keyIn = new DataInputBuffer();
  private byte[] lastKey = new byte[64];
  private int lastKeyLength = -1;
  private long size;
  private long lastIndexCount = Long.MIN_VALUE;
  private long lastIndexPos = -1;

  /**
   * Creates {@code dir} with its data and index files; {@code codec} may be null for no
   * compression.
   */
  public RawMapFileWriter(
      Configuration conf,
      Path dir,
      Class<? extends Writable> valueClass,
      CompressionType type,
      CompressionCodec codec)
      throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.mkdirs(dir)) {
      throw new IOException("cannot create " + dir);
    }
    indexInterval =
        conf.getInt(
            CommonConfigurationKeysPublic.IO_MAP_INDEX_INTERVAL_KEY,
            CommonConfigurationKeysPublic.IO_MAP_INDEX_INTERVAL_DEFAULT);
    data =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(dir, MapFile.DATA_FILE_NAME)),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(valueClass),
            compression(type, codec));
    index =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(dir, MapFile.INDEX_FILE_NAME)),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(LongWritable.class),
            compression(CompressionType.BLOCK, codec));
  }

  private static SequenceFile.Writer.Option compression(
      CompressionType type, CompressionCodec codec) {
    return codec == null || type == CompressionType.NONE
        ? SequenceFile.Writer.compression(CompressionType.NONE)
        : SequenceFile.Writer.compression(type, codec);
  }

  /**
   * Appends a record. {@code key} holds a serialized Text (length, then UTF-8), never smaller than
   * the previous key; {@code value} is compressed exactly when the file is record-compressed.
   */
  public void append(byte[] key, int keyLength, SequenceFile.ValueBytes value) throws IOException {
    checkOrder(key, keyLength);
    long pos = data.getLength();
    if (size >= lastIndexCount + indexInterval
        && pos > lastIndexPos) { // one entry per block at most
      keyIn.reset(key, keyLength);
      indexKey.readFields(keyIn);
      position.set(pos);
      index.append(indexKey, position);
      lastIndexPos = pos;
      lastIndexCount = size;
    }
    data.appendRaw(key, 0, keyLength, value);
    size++;
  }

  private void checkOrder(byte[] key, int keyLength) throws IOException {
    if (lastKeyLength >= 0
        && TEXT_ORDER.compare(lastKey, 0, lastKeyLength, key, 0, keyLength) > 0) {
      throw new IOException(
          "key out of order in " + data + ": a key sorts before the one written last");
    }
    if (lastKey.length < keyLength) {
      lastKey = new byte[Math.max(keyLength, 2 * lastKey.length)];
    }
    System.arraycopy(key, 0, lastKey, 0, keyLength);
    lastKeyLength = keyLength;
  }

  /** Records appended so far. */
  public long size() {
    return size;
  }

  @Override
  public void close() throws IOException {
    try {
      data.close();
    } finally {
      index.close();
    }
  }

  /**
   * A value's bytes as {@link SequenceFile.Writer#appendRaw} takes them: compressed or not, as
   * stated.
   */
  public static final class Bytes implements SequenceFile.ValueBytes {
    private byte[] bytes;
    private int length;
    private boolean compressed;

    /** Points at {@code length} bytes of {@code bytes}; no copy. */
    public Bytes set(byte[] bytes, int length, boolean compressed) {
      this.bytes = bytes;
      this.length = length;
      this.compressed = compressed;
      return this;
    }

    @Override
    public void writeUncompressedBytes(DataOutputStream out) throws IOException {
      if (compressed) {
        throw new IllegalArgumentException(
            "a compressed value given to a file that is not record-compressed");
      }
      out.write(bytes, 0, length);
    }

    @Override
    public void writeCompressedBytes(DataOutputStream out) throws IOException {
      if (!compressed) {
        throw new IllegalArgumentException(
            "an uncompressed value given to a record-compressed file");
      }
      out.write(bytes, 0, length);
    }

    @Override
    public int getSize() {
      return length;
    }
  }
}
