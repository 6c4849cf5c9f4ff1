package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;

/** Field encodings shared by the segment records: nullable strings, string maps, versions. */
final class Writables {
  private Writables() {}

  /**
   * Writes {@code s} exactly as {@code Text.writeString} does (vint length, UTF-8, an unpaired
   * surrogate as '?'), without its CharsetEncoder and buffers: a parsed page writes a thousand
   * strings.
   */
  static void writeString(DataOutput out, String s) throws IOException {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    WritableUtils.writeVInt(out, bytes.length);
    out.write(bytes);
  }

  static void writeNullable(DataOutput out, String s) throws IOException {
    out.writeBoolean(s != null);
    if (s != null) {
      writeString(out, s);
    }
  }

  static String readNullable(DataInput in) throws IOException {
    return in.readBoolean() ? Text.readString(in) : null;
  }

  static void writeMap(DataOutput out, Map<String, String> map) throws IOException {
    WritableUtils.writeVInt(out, map.size());
    for (Map.Entry<String, String> e : map.entrySet()) {
      writeString(out, e.getKey());
      writeString(out, e.getValue());
    }
  }

  static Map<String, String> readMap(DataInput in, Map<String, String> into) throws IOException {
    into.clear();
    int n = WritableUtils.readVInt(in);
    for (int i = 0; i < n; i++) {
      into.put(Text.readString(in), Text.readString(in));
    }
    return into;
  }

  static LinkedHashMap<String, String> newMap() {
    return new LinkedHashMap<>();
  }

  static void checkVersion(String what, byte found, byte expected) throws IOException {
    checkVersion(what, found, expected, expected);
  }

  /** A format version from {@code oldest} to {@code newest} is read; any other fails. */
  static void checkVersion(String what, byte found, byte oldest, byte newest) throws IOException {
    if (found < oldest || found > newest) {
      throw new IOException(
          what
              + " format version "
              + found
              + " is not supported (this build reads version "
              + (oldest == newest ? "" : oldest + " to ")
              + newest
              + ")");
    }
  }
}
