package org.trawler.jobs.read;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.Hex;
import org.trawler.core.io.JsonOutput;

/** A CrawlDatum as the readers show it: readdb's objects and readseg's generate/fetch. */
public final class DatumJson {

  private DatumJson() {}

  /** {@code {"url": ..., <fields>}}: one readdb line. */
  public static void write(JsonOutput json, String url, CrawlDatum datum) throws IOException {
    json.beginObject();
    json.name("url").value(url);
    writeFields(json, datum);
    json.endObject();
  }

  /** {@code {<fields>}}: a datum without its URL, as nested in readseg's lines. */
  public static void write(JsonOutput json, CrawlDatum datum) throws IOException {
    json.beginObject();
    writeFields(json, datum);
    json.endObject();
  }

  private static void writeFields(JsonOutput json, CrawlDatum datum) throws IOException {
    json.name("status").value(datum.statusLabel());
    json.name("fetchTime").value(datum.getFetchTime());
    json.name("fetchTimeIso").value(iso(datum.getFetchTime()));
    json.name("retries").value(datum.getRetries());
    json.name("fetchInterval").value(datum.getFetchInterval());
    json.name("score").value(datum.getScore());
    json.name("signature")
        .value(datum.getSignature() == null ? null : Hex.encode(datum.getSignature()));
    json.name("modifiedTime").value(datum.getModifiedTime());
    json.name("modifiedTimeIso").value(iso(datum.getModifiedTime()));
    json.name("metadata");
    writeMetadata(json, datum.getMetadata());
  }

  /** A time in milliseconds as ISO 8601 in UTC ("2024-01-01T00:00:00Z"); null for 0 (never). */
  static String iso(long millis) {
    return millis == 0 ? null : Instant.ofEpochMilli(millis).toString();
  }

  /** Numbers and booleans as themselves, bytes as hex, anything else as its string form. */
  static void writeMetadata(JsonOutput json, Map<Text, Writable> metadata) throws IOException {
    json.beginObject();
    for (Map.Entry<Text, Writable> e : metadata.entrySet()) {
      json.name(e.getKey().toString());
      Writable v = e.getValue();
      if (v instanceof IntWritable) {
        json.value(((IntWritable) v).get());
      } else if (v instanceof LongWritable) {
        json.value(((LongWritable) v).get());
      } else if (v instanceof FloatWritable) {
        json.value(((FloatWritable) v).get());
      } else if (v instanceof DoubleWritable) {
        json.value(((DoubleWritable) v).get());
      } else if (v instanceof BooleanWritable) {
        json.value(((BooleanWritable) v).get());
      } else if (v instanceof BytesWritable) {
        json.value(Hex.encode(((BytesWritable) v).copyBytes()));
      } else {
        json.value(String.valueOf(v));
      }
    }
    json.endObject();
  }
}
