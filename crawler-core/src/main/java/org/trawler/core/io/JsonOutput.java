package org.trawler.core.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * JSON written with Jackson's streaming generator, compact, one top-level value per {@link
 * #newLine()} for JSON Lines: the one JSON writer every dump, report and request body uses. Each
 * finished top-level value is handed on to the {@link Writer} at once, so the caller may read or
 * write it directly between values.
 */
public final class JsonOutput {
  /** Jackson's factory is thread-safe and immutable once configured. */
  private static final JsonFactory FACTORY =
      new JsonFactory()
          .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
          .disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM)
          .setCharacterEscapes(new Escapes());

  private final Writer out;
  private final JsonGenerator json;

  public JsonOutput(Writer out) {
    this.out = out;
    try {
      this.json = FACTORY.createGenerator(out);
    } catch (IOException e) {
      throw new UncheckedIOException("Jackson writes nothing until the first value", e);
    }
    json.setRootValueSeparator(null);
  }

  public JsonOutput beginObject() throws IOException {
    json.writeStartObject();
    return this;
  }

  public JsonOutput endObject() throws IOException {
    json.writeEndObject();
    return handOnIfDone();
  }

  public JsonOutput beginArray() throws IOException {
    json.writeStartArray();
    return this;
  }

  public JsonOutput endArray() throws IOException {
    json.writeEndArray();
    return handOnIfDone();
  }

  /** The name of the next member of the current object. */
  public JsonOutput name(String name) throws IOException {
    json.writeFieldName(name);
    return this;
  }

  public JsonOutput value(String s) throws IOException {
    if (s == null) {
      json.writeNull();
    } else {
      json.writeString(withoutLoneSurrogates(s));
    }
    return handOnIfDone();
  }

  public JsonOutput value(long n) throws IOException {
    json.writeNumber(n);
    return handOnIfDone();
  }

  /** A number; NaN and infinities, which JSON cannot hold, become null. */
  public JsonOutput value(double d) throws IOException {
    return Double.isFinite(d) ? number(Double.toString(d)) : nullValue();
  }

  /** A float written with float precision (1.1f as 1.1, not 1.100000023841858). */
  public JsonOutput value(float f) throws IOException {
    return Float.isFinite(f) ? number(Float.toString(f)) : nullValue();
  }

  public JsonOutput value(boolean b) throws IOException {
    json.writeBoolean(b);
    return handOnIfDone();
  }

  public JsonOutput nullValue() throws IOException {
    json.writeNull();
    return handOnIfDone();
  }

  /** Ends a top-level value with a line break (JSON Lines). */
  public JsonOutput newLine() throws IOException {
    json.writeRaw('\n');
    json.flush();
    return this;
  }

  public void flush() throws IOException {
    json.flush();
    out.flush();
  }

  /** Java's shortest round-trip text, 2.0 as 2 (Java's E notation is valid JSON). */
  private JsonOutput number(String javaText) throws IOException {
    json.writeNumber(
        javaText.endsWith(".0") ? javaText.substring(0, javaText.length() - 2) : javaText);
    return handOnIfDone();
  }

  private JsonOutput handOnIfDone() throws IOException {
    if (json.getOutputContext().inRoot()) {
      json.flush();
    }
    return this;
  }

  /**
   * Crawled text holds lone surrogates (a UTF-16 string cut in half); no UTF-8 encoder can write
   * them, so they become U+FFFD here rather than '?' or an exception further down.
   */
  static String withoutLoneSurrogates(String s) {
    StringBuilder fixed = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!Character.isSurrogate(c)) {
        continue;
      }
      boolean paired =
          Character.isHighSurrogate(c)
              ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
              : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
      if (paired) {
        continue;
      }
      if (fixed == null) {
        fixed = new StringBuilder(s);
      }
      fixed.setCharAt(i, '\uFFFD');
    }
    return fixed == null ? s : fixed.toString();
  }

  /**
   * Jackson's escapes plus U+2028/U+2029, which are valid JSON but end a line in JavaScript, and
   * the short lower-case forms for control characters the dumps always wrote.
   */
  private static final class Escapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private static final SerializedString LINE_SEPARATOR = new SerializedString("\\u2028");
    private static final SerializedString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029");
    private final int[] ascii;

    Escapes() {
      ascii = CharacterEscapes.standardAsciiEscapesForJSON();
      for (int c = 0; c < 0x20; c++) {
        if (ascii[c] == CharacterEscapes.ESCAPE_STANDARD) {
          ascii[c] = CharacterEscapes.ESCAPE_CUSTOM;
        }
      }
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int c) {
      switch (c) {
        case 0x2028:
          return LINE_SEPARATOR;
        case 0x2029:
          return PARAGRAPH_SEPARATOR;
        default:
          return c < 0x20 ? new SerializedString(String.format("\\u%04x", c)) : null;
      }
    }
  }
}
