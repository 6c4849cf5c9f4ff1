package org.trawler.core.datum;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * What the crawler knows of one URL: in the crawldb, in a fetch list, as a fetch result or as a
 * link. The first byte written is the format version, so old data stays readable.
 */
public class CrawlDatum implements Writable {

  public static final byte VERSION = 1;

  private static final byte T_OTHER = 0;
  private static final byte T_TEXT = 1;
  private static final byte T_INT = 2;
  private static final byte T_LONG = 3;
  private static final byte T_FLOAT = 4;
  private static final byte T_BYTES = 5;
  private static final byte T_BOOLEAN = 6;
  private static final byte T_DOUBLE = 7;

  /** The on-disk code, kept as read so that an unknown code survives a copy. */
  private byte status;

  private long fetchTime;
  private byte retries;
  private int fetchInterval;
  private float score;
  private byte[] signature;
  private long modifiedTime;
  private final Map<Text, Writable> metadata = new LinkedHashMap<>();

  public CrawlDatum() {}

  public CrawlDatum(CrawlStatus status, int fetchInterval, float score) {
    this.status = status.code();
    this.fetchInterval = fetchInterval;
    this.score = score;
  }

  /** A deep copy of another datum. */
  public CrawlDatum(CrawlDatum other) {
    set(other);
  }

  /** Makes this datum a deep copy of {@code other}. */
  public void set(CrawlDatum other) {
    status = other.status;
    fetchTime = other.fetchTime;
    retries = other.retries;
    fetchInterval = other.fetchInterval;
    score = other.score;
    signature = other.signature == null ? null : other.signature.clone();
    modifiedTime = other.modifiedTime;
    metadata.clear();
    for (Map.Entry<Text, Writable> e : other.metadata.entrySet()) {
      metadata.put(new Text(e.getKey()), copyOf(e.getValue()));
    }
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    out.writeByte(status);
    out.writeLong(fetchTime);
    out.writeByte(retries);
    out.writeInt(fetchInterval);
    out.writeFloat(score);
    if (signature == null) {
      WritableUtils.writeVInt(out, 0);
    } else {
      WritableUtils.writeVInt(out, signature.length + 1);
      out.write(signature);
    }
    out.writeLong(modifiedTime);
    WritableUtils.writeVInt(out, metadata.size());
    for (Map.Entry<Text, Writable> e : metadata.entrySet()) {
      e.getKey().write(out);
      writeValue(out, e.getValue());
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte version = in.readByte();
    if (version != VERSION) {
      throw new IOException(
          "CrawlDatum format version "
              + version
              + " is not supported (this build reads version "
              + VERSION
              + "): the data was written by another Trawler version or is not a crawldb");
    }
    status = in.readByte();
    fetchTime = in.readLong();
    retries = in.readByte();
    fetchInterval = in.readInt();
    score = in.readFloat();
    int sigLength = WritableUtils.readVInt(in);
    if (sigLength == 0) {
      signature = null;
    } else {
      signature = new byte[sigLength - 1];
      in.readFully(signature);
    }
    modifiedTime = in.readLong();
    metadata.clear();
    int entries = WritableUtils.readVInt(in);
    for (int i = 0; i < entries; i++) {
      Text key = new Text();
      key.readFields(in);
      metadata.put(key, readValue(in));
    }
  }

  private static void writeValue(DataOutput out, Writable value) throws IOException {
    byte type = typeOf(value);
    out.writeByte(type);
    if (type == T_OTHER) {
      Text.writeString(out, value.getClass().getName());
    }
    value.write(out);
  }

  private static Writable readValue(DataInput in) throws IOException {
    byte type = in.readByte();
    Writable value;
    switch (type) {
      case T_TEXT:
        value = new Text();
        break;
      case T_INT:
        value = new IntWritable();
        break;
      case T_LONG:
        value = new LongWritable();
        break;
      case T_FLOAT:
        value = new FloatWritable();
        break;
      case T_BYTES:
        value = new BytesWritable();
        break;
      case T_BOOLEAN:
        value = new BooleanWritable();
        break;
      case T_DOUBLE:
        value = new DoubleWritable();
        break;
      case T_OTHER:
        value = newInstance(Text.readString(in));
        break;
      default:
        throw new IOException("CrawlDatum metadata has an unknown value type " + type);
    }
    value.readFields(in);
    return value;
  }

  private static byte typeOf(Writable value) {
    Class<?> c = value.getClass();
    if (c == Text.class) return T_TEXT;
    if (c == IntWritable.class) return T_INT;
    if (c == LongWritable.class) return T_LONG;
    if (c == FloatWritable.class) return T_FLOAT;
    if (c == BytesWritable.class) return T_BYTES;
    if (c == BooleanWritable.class) return T_BOOLEAN;
    if (c == DoubleWritable.class) return T_DOUBLE;
    return T_OTHER;
  }

  private static Writable newInstance(String className) throws IOException {
    try {
      Class<?> c = loadClass(className);
      // The name comes from a data file: never initialise or construct anything but a Writable.
      if (!Writable.class.isAssignableFrom(c)) {
        throw new IOException(
            "CrawlDatum metadata value class " + className + " is not a Writable");
      }
      return (Writable) c.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IOException(
          "CrawlDatum metadata value class " + className + " cannot be created", e);
    }
  }

  /** The context loader sees the classes of a job's -libjars; ours is the fallback. */
  private static Class<?> loadClass(String className) throws ClassNotFoundException {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      try {
        return Class.forName(className, false, context);
      } catch (ClassNotFoundException e) {
        // try ours
      }
    }
    return Class.forName(className, false, CrawlDatum.class.getClassLoader());
  }

  private static Writable copyOf(Writable value) {
    Class<?> c = value.getClass();
    if (c == Text.class) return new Text((Text) value);
    if (c == IntWritable.class) return new IntWritable(((IntWritable) value).get());
    if (c == LongWritable.class) return new LongWritable(((LongWritable) value).get());
    if (c == FloatWritable.class) return new FloatWritable(((FloatWritable) value).get());
    if (c == BooleanWritable.class) return new BooleanWritable(((BooleanWritable) value).get());
    if (c == DoubleWritable.class) return new DoubleWritable(((DoubleWritable) value).get());
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      value.write(new DataOutputStream(bytes));
      Writable copy = newInstance(c.getName());
      copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
      return copy;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- fields ----

  /** The status; {@link CrawlStatus#UNKNOWN} when the code read has no status. */
  public CrawlStatus getStatus() {
    return CrawlStatus.fromCode(status);
  }

  public void setStatus(CrawlStatus status) {
    this.status = status.code();
  }

  /** The status's label, {@code unknown_0xNN} for a code read that no status has. */
  public String statusLabel() {
    return CrawlStatus.label(status);
  }

  public long getFetchTime() {
    return fetchTime;
  }

  public void setFetchTime(long fetchTime) {
    this.fetchTime = fetchTime;
  }

  public byte getRetries() {
    return retries;
  }

  public void setRetries(int retries) {
    this.retries = (byte) Math.min(Byte.MAX_VALUE, Math.max(0, retries));
  }

  public int getFetchInterval() {
    return fetchInterval;
  }

  public void setFetchInterval(int seconds) {
    this.fetchInterval = seconds;
  }

  public float getScore() {
    return score;
  }

  public void setScore(float score) {
    this.score = score;
  }

  public byte[] getSignature() {
    return signature;
  }

  public void setSignature(byte[] signature) {
    this.signature = signature;
  }

  public long getModifiedTime() {
    return modifiedTime;
  }

  public void setModifiedTime(long modifiedTime) {
    this.modifiedTime = modifiedTime;
  }

  /** The live metadata map: changes to it change the datum. */
  public Map<Text, Writable> getMetadata() {
    return metadata;
  }

  // ---- metadata conveniences ----

  public int getMetaInt(Text key, int defaultValue) {
    Writable w = metadata.get(key);
    if (w instanceof IntWritable) return ((IntWritable) w).get();
    if (w instanceof LongWritable) return (int) ((LongWritable) w).get();
    if (w instanceof Text) {
      try {
        return Integer.parseInt(w.toString().trim());
      } catch (NumberFormatException e) {
        return defaultValue;
      }
    }
    return defaultValue;
  }

  public long getMetaLong(Text key, long defaultValue) {
    Writable w = metadata.get(key);
    if (w instanceof LongWritable) return ((LongWritable) w).get();
    if (w instanceof IntWritable) return ((IntWritable) w).get();
    return defaultValue;
  }

  /** The value as a string, or null when absent. */
  public String getMetaString(Text key) {
    Writable w = metadata.get(key);
    return w == null ? null : w.toString();
  }

  public void putMeta(Text key, int value) {
    metadata.put(key, new IntWritable(value));
  }

  public void putMeta(Text key, long value) {
    metadata.put(key, new LongWritable(value));
  }

  public void putMeta(Text key, String value) {
    metadata.put(key, new Text(value));
  }

  public int getDepth() {
    return getMetaInt(MetadataKeys.DEPTH, 0);
  }

  public void setDepth(int depth) {
    putMeta(MetadataKeys.DEPTH, depth);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof CrawlDatum)) return false;
    CrawlDatum d = (CrawlDatum) o;
    return status == d.status
        && fetchTime == d.fetchTime
        && retries == d.retries
        && fetchInterval == d.fetchInterval
        && Float.compare(score, d.score) == 0
        && Arrays.equals(signature, d.signature)
        && modifiedTime == d.modifiedTime
        && metadata.equals(d.metadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        status,
        fetchTime,
        retries,
        fetchInterval,
        score,
        Arrays.hashCode(signature),
        modifiedTime,
        metadata);
  }

  @Override
  public String toString() {
    return "CrawlDatum{status="
        + CrawlStatus.label(status)
        + ", fetchTime="
        + fetchTime
        + ", retries="
        + retries
        + ", fetchInterval="
        + fetchInterval
        + ", score="
        + score
        + ", signature="
        + (signature == null ? "null" : Hex.encode(signature))
        + ", modifiedTime="
        + modifiedTime
        + ", metadata="
        + metadata
        + "}";
  }
}
