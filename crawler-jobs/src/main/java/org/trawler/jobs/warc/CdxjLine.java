package org.trawler.jobs.warc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import org.netpreserve.jwarc.URIs;
import org.trawler.core.io.JsonOutput;

/**
 * One CDXJ line, as pywb reads it: {@code <SURT key> <yyyyMMddHHmmss> {"url", "mime", "status",
 * "digest", "length", "offset", "filename"}}. Lines sorted as text are sorted by key, then time.
 */
final class CdxjLine {
  static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

  private static final JsonFactory JSON = new JsonFactory();

  private CdxjLine() {}

  /**
   * A line read back: what {@link #format} wrote, for jobs that take a record's place in its file
   * from the index written with it instead of computing it again.
   */
  record Entry(
      String surt,
      Instant date,
      String url,
      String mime,
      int status,
      String digest,
      long offset,
      long length,
      String filename) {}

  /** The entry of a line {@link #format} wrote; an IllegalArgumentException for any other line. */
  static Entry parse(String line) {
    int space = line.indexOf(' ');
    int second = space < 0 ? -1 : line.indexOf(' ', space + 1);
    if (second < 0) {
      throw new IllegalArgumentException("not <key> <timestamp> {json}");
    }
    Map<String, String> f = fields(line.substring(second + 1));
    try {
      return new Entry(
          line.substring(0, space),
          LocalDateTime.parse(line.substring(space + 1, second), TIMESTAMP)
              .toInstant(ZoneOffset.UTC),
          required(f, "url"),
          f.get("mime"),
          Integer.parseInt(required(f, "status")),
          f.get("digest"),
          Long.parseLong(required(f, "offset")),
          Long.parseLong(required(f, "length")),
          required(f, "filename"));
    } catch (DateTimeParseException | NumberFormatException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static String required(Map<String, String> fields, String name) {
    String value = fields.get(name);
    if (value == null) {
      throw new IllegalArgumentException("no \"" + name + "\"");
    }
    return value;
  }

  /** The string fields of a flat JSON object. */
  private static Map<String, String> fields(String json) {
    Map<String, String> fields = new HashMap<>();
    try (JsonParser p = JSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IllegalArgumentException("no JSON object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (value != null && value.isScalarValue()) {
          fields.put(name, p.getText());
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("bad JSON: " + e.getMessage(), e);
    }
    return fields;
  }

  static String format(ArchivedRecord.Index index, long offset, long length, String filename) {
    StringWriter json = new StringWriter();
    try {
      new JsonOutput(json)
          .beginObject()
          .name("url")
          .value(index.url())
          .name("mime")
          .value(index.mime())
          .name("status")
          .value(Integer.toString(index.status()))
          .name("digest")
          .value(index.digest())
          .name("length")
          .value(Long.toString(length))
          .name("offset")
          .value(Long.toString(offset))
          .name("filename")
          .value(filename)
          .endObject()
          .flush();
    } catch (IOException e) {
      throw new IllegalStateException(e); // a StringWriter does not fail
    }
    return surt(index.url()) + " " + timestamp(index.date()) + " " + json;
  }

  /** The SURT key pywb looks URLs up by (jwarc's, the one its own CDX tools write). */
  static String surt(String url) {
    return URIs.toNormalizedSurt(url);
  }

  static String timestamp(Instant date) {
    return TIMESTAMP.format(date);
  }
}
