package org.trawler.jobs.luceneinternals;

import java.io.IOException;
import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.StoredFieldsFormat;
import org.apache.lucene.codecs.compressing.CompressionMode;
import org.apache.lucene.codecs.compressing.Compressor;
import org.apache.lucene.codecs.compressing.Decompressor;
import org.apache.lucene.codecs.lucene90.compressing.Lucene90CompressingStoredFieldsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;
import org.apache.lucene.util.ArrayUtil;
import org.apache.lucene.util.BytesRef;

/**
 * Lucene 9.12's codec with its stored fields written as they are, not LZ4-compressed: a page's text
 * is stored whole for the highlighter, and compressing it is a large part of what indexing costs a
 * short-lived JVM. Same chunked format and the same fields; only the chunks' bytes are plain.
 * Registered by name (META-INF/services), so any reader with this jar on its classpath opens the
 * shards; segments written with Lucene's own codec and with this one mix in one shard.
 */
public final class UncompressedStoredFieldsCodec extends FilterCodec {
  public static final String NAME = "TrawlerUncompressedStored912";

  /** Lucene90StoredFieldsFormat's BEST_SPEED chunking: 80 kB or 1 024 documents per chunk. */
  private static final int CHUNK_BYTES = 80 * 1024;

  private static final int CHUNK_DOCS = 1024;
  private static final int BLOCK_SHIFT = 10;

  private final StoredFieldsFormat storedFields =
      new Lucene90CompressingStoredFieldsFormat(
          "TrawlerUncompressedStoredFields", new Plain(), CHUNK_BYTES, CHUNK_DOCS, BLOCK_SHIFT);

  public UncompressedStoredFieldsCodec() {
    super(NAME, new Lucene912Codec());
  }

  @Override
  public StoredFieldsFormat storedFieldsFormat() {
    return storedFields;
  }

  /** A compression mode that copies the bytes. */
  private static final class Plain extends CompressionMode {
    @Override
    public Compressor newCompressor() {
      return new Compressor() {
        @Override
        public void compress(ByteBuffersDataInput in, DataOutput out) throws IOException {
          out.copyBytes(in, in.length());
        }

        @Override
        public void close() {}
      };
    }

    @Override
    public Decompressor newDecompressor() {
      return new PlainDecompressor();
    }

    @Override
    public String toString() {
      return "none";
    }
  }

  /**
   * Reads the slice asked for out of a chunk's {@code originalLength} bytes, consuming them all.
   */
  private static final class PlainDecompressor extends Decompressor {
    @Override
    public void decompress(DataInput in, int originalLength, int offset, int length, BytesRef bytes)
        throws IOException {
      in.skipBytes(offset);
      bytes.bytes = ArrayUtil.growNoCopy(bytes.bytes, length);
      in.readBytes(bytes.bytes, 0, length);
      bytes.offset = 0;
      bytes.length = length;
      in.skipBytes(originalLength - offset - length);
    }

    @Override
    public Decompressor clone() {
      return new PlainDecompressor();
    }
  }
}
