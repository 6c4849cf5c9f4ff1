package org.trawler.jobs.warc;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.netpreserve.jwarc.URIs;
import org.trawler.core.io.JsonOutput;

/**
 * One CDXJ line, as pywb reads it: {@code <SURT key> <yyyyMMddHHmmss> {"url", "mime", "status",
 * "digest", "length", "offset", "filename"}}. Lines sorted as text are sorted by key, then time.
 */
final class CdxjLine {
  static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

  private CdxjLine() {}

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
