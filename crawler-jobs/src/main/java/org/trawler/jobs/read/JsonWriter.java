package org.trawler.jobs.read;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A small streaming JSON writer for the readers' dumps: objects, arrays, strings, numbers, booleans
 * and null, commas placed automatically, strings escaped per RFC 8259. No pretty-printing: one
 * value per {@link #newLine()} gives JSON Lines.
 */
public final class JsonWriter {
  private final Writer out;

  /** Per open container: whether it already holds a value (so the next one needs a comma). */
  private final Deque<boolean[]> open = new ArrayDeque<>();

  private boolean afterName;

  public JsonWriter(Writer out) {
    this.out = out;
  }

  public JsonWriter beginObject() throws IOException {
    beforeValue();
    write('{');
    open.push(new boolean[1]);
    return this;
  }

  public JsonWriter endObject() throws IOException {
    open.pop();
    write('}');
    return this;
  }

  public JsonWriter beginArray() throws IOException {
    beforeValue();
    write('[');
    open.push(new boolean[1]);
    return this;
  }

  public JsonWriter endArray() throws IOException {
    open.pop();
    write(']');
    return this;
  }

  /** The name of the next member of the current object. */
  public JsonWriter name(String name) throws IOException {
    beforeValue();
    string(name);
    write(':');
    afterName = true;
    return this;
  }

  public JsonWriter value(String s) throws IOException {
    beforeValue();
    if (s == null) {
      write("null");
    } else {
      string(s);
    }
    return this;
  }

  public JsonWriter value(long n) throws IOException {
    beforeValue();
    write(Long.toString(n));
    return this;
  }

  /** A number; NaN and infinities, which JSON cannot hold, become null. */
  public JsonWriter value(double d) throws IOException {
    beforeValue();
    write(Double.isFinite(d) ? numberText(d) : "null");
    return this;
  }

  /** A float written with float precision (1.1f as 1.1, not 1.100000023841858). */
  public JsonWriter value(float f) throws IOException {
    beforeValue();
    write(Float.isFinite(f) ? stripZeroFraction(Float.toString(f)) : "null");
    return this;
  }

  public JsonWriter value(boolean b) throws IOException {
    beforeValue();
    write(b ? "true" : "false");
    return this;
  }

  public JsonWriter nullValue() throws IOException {
    beforeValue();
    write("null");
    return this;
  }

  /** Ends a top-level value with a line break (JSON Lines). */
  public JsonWriter newLine() throws IOException {
    write('\n');
    return this;
  }

  public void flush() throws IOException {
    out.flush();
  }

  private static String numberText(double d) {
    return stripZeroFraction(Double.toString(d));
  }

  /** 2.0 → 2; keeps exponents such as 1.0E-5 valid JSON (Java's E notation is valid JSON). */
  private static String stripZeroFraction(String s) {
    return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
  }

  private void beforeValue() throws IOException {
    if (afterName) {
      afterName = false;
      return;
    }
    boolean[] container = open.peek();
    if (container != null) {
      if (container[0]) {
        write(',');
      }
      container[0] = true;
    }
  }

  private void string(String s) throws IOException {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\b':
          sb.append("\\b");
          break;
        case '\f':
          sb.append("\\f");
          break;
        default:
          // Control characters must be escaped; lone surrogates would not survive UTF-8; U+2028/9
          // break JavaScript.
          if (c < 0x20
              || c == 0x2028
              || c == 0x2029
              || (Character.isSurrogate(c) && !isPairedSurrogate(s, i))) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    write(sb.append('"').toString());
  }

  private static boolean isPairedSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  private void write(String s) throws IOException {
    out.write(s);
  }

  private void write(char c) throws IOException {
    out.write(c);
  }
}
