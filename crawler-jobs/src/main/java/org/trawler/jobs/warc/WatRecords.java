package org.trawler.jobs.warc;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.parse.CharsetDetector;
import org.trawler.jobs.CounterSink;

/**
 * The WAT record of a WARC record: a {@code metadata} record, {@code WARC-Refers-To} the WARC
 * record, whose JSON names and nests what the record holds as Common Crawl's WAT files do: {@code
 * Container} (the WARC file and the record's offset), {@code Envelope} → {@code
 * WARC-Header-Metadata} and {@code Payload-Metadata} → {@code HTTP-Request-Metadata}, {@code
 * HTTP-Response-Metadata} (→ {@code HTML-Metadata} for an HTML page), {@code WARC-Info-Metadata} or
 * {@code WARC-Metadata-Metadata}. Numbers are strings, as in Common Crawl's files.
 */
final class WatRecords {
  private static final Logger LOG = LoggerFactory.getLogger(WatRecords.class);

  static final MediaType JSON = MediaType.parse("application/json");

  /** The CRLF CRLF after every block, which Common Crawl's WAT counts as trailing slop. */
  private static final String RECORD_END_LENGTH = "4";

  private final CharsetDetector charsets;
  private final CounterSink counters;

  WatRecords(CharsetDetector charsets, CounterSink counters) {
    this.charsets = charsets;
    this.counters = counters;
  }

  /** The WAT record of {@code r}, written at {@code offset} in the WARC file {@code warcFile}. */
  WarcMetadata build(RecordBytes r, String warcFile, long offset) {
    WarcRecord record = r.original();
    byte[] json = envelope(r, warcFile, offset).getBytes(StandardCharsets.UTF_8);
    String target =
        record.headers().first("WARC-Target-URI").orElse(warcFile); // warcinfo: its file, as CC
    return new WarcMetadata.Builder()
        .version(MessageVersion.WARC_1_1)
        .targetURI(target)
        .date(record.date())
        .setHeader("WARC-Refers-To", headerId(record.id())) // jwarc's builder has no setter
        .body(JSON, json)
        .blockDigest(CaptureRecords.sha1(json))
        .build();
  }

  /** The JSON of the WAT record. */
  String envelope(RecordBytes r, String warcFile, long offset) {
    StringWriter out = new StringWriter();
    try {
      JsonOutput json = new JsonOutput(out);
      json.beginObject().name("Container").beginObject();
      json.name("Filename").value(warcFile);
      json.name("Compressed").value(true);
      json.name("Offset").value(Long.toString(offset));
      json.endObject();
      json.name("Envelope").beginObject();
      json.name("Format").value(r.original().version().toString());
      json.name("WARC-Header-Length").value(Integer.toString(r.headerLength()));
      json.name("WARC-Header-Metadata");
      fields(json, r.original().headers().map());
      json.name("Payload-Metadata").beginObject();
      payload(json, r);
      json.name("Actual-Content-Length").value(Integer.toString(r.block().length));
      json.name("Trailing-Slop-Length").value(RECORD_END_LENGTH);
      json.name("Block-Digest").value(digest(r.block()));
      json.endObject().endObject().endObject().flush();
    } catch (IOException e) {
      throw new IllegalStateException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  private void payload(JsonOutput json, RecordBytes r) throws IOException {
    WarcRecord record = r.original();
    String type = record.headers().first("Content-Type").orElse("").toLowerCase(Locale.ROOT);
    switch (record.type()) {
      case "response", "revisit" -> {
        if (type.startsWith("application/http")) {
          // a status line's parts: version, status, reason
          HttpMessage http = http(json, r, "response", "Status", 1, "Version", 0, "Reason", 2);
          if (record.type().equals("response")) {
            html(json, record, http);
          }
          json.endObject();
        }
      }
      case "request" -> {
        if (type.startsWith("application/http")) {
          http(json, r, "request", "Method", 0, "Path", 1, "Version", 2);
          json.endObject();
        }
      }
      case "warcinfo" -> {
        json.name("Actual-Content-Type").value("application/warc-fields");
        json.name("WARC-Info-Metadata");
        fields(json, HttpMessage.parseFields(new String(r.block(), StandardCharsets.UTF_8), 0));
      }
      case "metadata" -> {
        if (type.startsWith("application/warc-fields")) {
          json.name("Actual-Content-Type").value("application/metadata-fields");
          json.name("WARC-Metadata-Metadata").beginObject();
          json.name("Metadata-Records").beginArray();
          String text = new String(r.block(), StandardCharsets.UTF_8);
          for (Map.Entry<String, List<String>> f : HttpMessage.parseFields(text, 0).entrySet()) {
            for (String value : f.getValue()) {
              json.beginObject().name("Name").value(f.getKey()).name("Value").value(value);
              json.endObject();
            }
          }
          json.endArray().endObject();
        }
      }
      default -> {} // a rendered DOM's conversion record: its lengths and digest only
    }
  }

  /**
   * Opens {@code HTTP-Request-Metadata} or {@code HTTP-Response-Metadata} and writes the message's
   * first line (its parts named as given, each with its index), header fields and entity; the
   * caller closes it.
   */
  private static HttpMessage http(
      JsonOutput json,
      RecordBytes r,
      String msgtype,
      String name0,
      int part0,
      String name1,
      int part1,
      String name2,
      int part2)
      throws IOException {
    String kind = msgtype.equals("request") ? "Request" : "Response";
    json.name("Actual-Content-Type").value("application/http; msgtype=" + msgtype);
    json.name("HTTP-" + kind + "-Metadata").beginObject();
    HttpMessage http = HttpMessage.parse(r.block());
    json.name(kind + "-Message").beginObject();
    json.name(name0).value(http.firstLine(part0));
    json.name(name1).value(http.firstLine(part1));
    json.name(name2).value(http.firstLine(part2));
    json.endObject();
    http.write(json);
    return http;
  }

  /** The page's HTML-Metadata when the response is an HTML page with a body. */
  private void html(JsonOutput json, WarcRecord record, HttpMessage http) throws IOException {
    String contentType = http.header("Content-Type");
    if (http.entity().length == 0
        || contentType == null
        || !contentType.toLowerCase(Locale.ROOT).contains("html")) {
      return;
    }
    String url = record.headers().first("WARC-Target-URI").orElse("");
    HtmlMetadata metadata;
    try {
      metadata =
          HtmlMetadata.of(charsets.detect(http.entity(), contentType).decode(http.entity()), url);
    } catch (RuntimeException | StackOverflowError e) {
      // jsoup does not throw on bad markup; a nesting deep enough to overflow the stack can
      counters.count(WarcCounter.WAT_HTML_FAILED, 1);
      LOG.warn("{}: no HTML-Metadata in its WAT record: {}", url, e.toString());
      return;
    }
    json.name("HTML-Metadata").beginObject();
    metadata.write(json);
    json.endObject();
  }

  /** Header fields as a JSON object: a name given more than once has an array of its values. */
  static void fields(JsonOutput json, Map<String, List<String>> fields) throws IOException {
    json.beginObject();
    for (Map.Entry<String, List<String>> f : fields.entrySet()) {
      json.name(f.getKey());
      if (f.getValue().size() == 1) {
        json.value(f.getValue().get(0));
      } else {
        json.beginArray();
        for (String v : f.getValue()) {
          json.value(v);
        }
        json.endArray();
      }
    }
    json.endObject();
  }

  static String digest(byte[] bytes) {
    return "sha1:" + CaptureRecords.sha1(bytes).base32();
  }

  /**
   * An HTTP message as archived: its first line's three parts, header fields in order, the entity.
   */
  record HttpMessage(
      String[] firstLine, Map<String, List<String>> headers, int headLength, byte[] entity) {

    static HttpMessage parse(byte[] block) {
      int end = indexOf(block, new byte[] {'\r', '\n', '\r', '\n'});
      int headLength = end < 0 ? block.length : end + 4;
      String head = new String(block, 0, headLength, StandardCharsets.ISO_8859_1);
      int lineEnd = head.indexOf("\r\n");
      String first = lineEnd < 0 ? head : head.substring(0, lineEnd);
      String[] parts = Arrays.copyOf(first.split(" ", 3), 3);
      return new HttpMessage(
          parts,
          parseFields(head, lineEnd < 0 ? head.length() : lineEnd + 2),
          headLength,
          Arrays.copyOfRange(block, headLength, block.length));
    }

    /** {@code name: value} lines from {@code from} on, in order, values of a name together. */
    static Map<String, List<String>> parseFields(String text, int from) {
      Map<String, List<String>> fields = new LinkedHashMap<>();
      for (String line : text.substring(from).split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0) {
          fields
              .computeIfAbsent(line.substring(0, colon).trim(), k -> new ArrayList<>())
              .add(line.substring(colon + 1).trim());
        }
      }
      return fields;
    }

    String firstLine(int i) {
      return firstLine[i] == null ? "" : firstLine[i];
    }

    /** The first value of a header field, any case, or null. */
    String header(String name) {
      for (Map.Entry<String, List<String>> f : headers.entrySet()) {
        if (f.getKey().equalsIgnoreCase(name)) {
          return f.getValue().get(0);
        }
      }
      return null;
    }

    /** Headers-Length, Headers, Entity-Length, Entity-Digest, Entity-Trailing-Slop-Length. */
    void write(JsonOutput json) throws IOException {
      json.name("Headers-Length").value(Integer.toString(headLength));
      json.name("Headers");
      WatRecords.fields(json, headers);
      json.name("Entity-Length").value(Integer.toString(entity.length));
      json.name("Entity-Digest").value(digest(entity));
      json.name("Entity-Trailing-Slop-Length").value("0");
    }

    private static int indexOf(byte[] bytes, byte[] pattern) {
      outer:
      for (int i = 0; i + pattern.length <= bytes.length; i++) {
        for (int j = 0; j < pattern.length; j++) {
          if (bytes[i + j] != pattern[j]) {
            continue outer;
          }
        }
        return i;
      }
      return -1;
    }
  }

  /** The id as a WARC header writes it. */
  static String headerId(URI id) {
    return "<" + id + ">";
  }
}
