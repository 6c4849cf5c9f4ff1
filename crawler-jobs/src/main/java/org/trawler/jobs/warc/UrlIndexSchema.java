package org.trawler.jobs.warc;

import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.trawler.core.usage.UsageField;

/**
 * The URL index's Parquet schema: Common Crawl's cc-index-table columns that mean something here,
 * with its names and types (string, short as INT32 annotated INT(16), integer as INT32, timestamp
 * as INT64 microseconds UTC), so queries written for its index run on ours; then our own columns.
 * The partition columns (crawl, subset) are directory names, not columns, as in Hive-style tables.
 */
final class UrlIndexSchema {
  static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          """
          message url_index {
            required binary url_surtkey (STRING);
            required binary url (STRING);
            required binary url_host_name (STRING);
            optional binary url_host_tld (STRING);
            optional binary url_host_registered_domain (STRING);
            optional binary url_host_private_domain (STRING);
            required binary url_protocol (STRING);
            optional int32 url_port;
            required binary url_path (STRING);
            optional binary url_query (STRING);
            required int64 fetch_time (TIMESTAMP(MICROS,true));
            required int32 fetch_status (INTEGER(16,true));
            optional binary fetch_redirect (STRING);
            optional binary content_digest (STRING);
            optional binary content_mime_type (STRING);
            optional binary content_mime_detected (STRING);
            optional binary content_charset (STRING);
            optional binary content_languages (STRING);
            optional binary content_truncated (STRING);
            required binary warc_filename (STRING);
            required int32 warc_record_offset;
            required int32 warc_record_length;
            optional binary warc_segment (STRING);
            optional binary fetch_reason (STRING);
            optional binary crawl_status (STRING);
            optional binary duplicate_of (STRING);
          """
              + ownerColumns()
              + "}");

  /** One optional string column per owner's signal (usage_ai_train, robots_noarchive...). */
  private static String ownerColumns() {
    StringBuilder columns = new StringBuilder();
    for (UsageField f : UsageField.values()) {
      columns.append("optional binary ").append(UrlIndexRow.column(f)).append(" (STRING);\n");
    }
    return columns.toString();
  }

  private final SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);

  /** The row as a Parquet record of {@link #SCHEMA}; null values are left out (optional). */
  Group group(UrlIndexRow r) {
    Group g = groups.newGroup();
    put(g, "url_surtkey", r.surtKey());
    put(g, "url", r.url());
    put(g, "url_host_name", r.hostName());
    put(g, "url_host_tld", r.hostTld());
    put(g, "url_host_registered_domain", r.hostRegisteredDomain());
    put(g, "url_host_private_domain", r.hostPrivateDomain());
    put(g, "url_protocol", r.protocol());
    if (r.port() != null) {
      g.append("url_port", r.port().intValue());
    }
    put(g, "url_path", r.path());
    put(g, "url_query", r.query());
    g.append("fetch_time", r.fetchTime() * 1000);
    g.append("fetch_status", r.fetchStatus());
    put(g, "fetch_redirect", r.fetchRedirect());
    put(g, "content_digest", r.contentDigest());
    put(g, "content_mime_type", r.contentMimeType());
    put(g, "content_mime_detected", r.contentMimeDetected());
    put(g, "content_charset", r.contentCharset());
    put(g, "content_languages", r.contentLanguages());
    put(g, "content_truncated", r.contentTruncated());
    put(g, "warc_filename", r.warcFilename());
    g.append("warc_record_offset", r.warcRecordOffset());
    g.append("warc_record_length", r.warcRecordLength());
    put(g, "warc_segment", r.segment());
    put(g, "fetch_reason", r.fetchReason());
    put(g, "crawl_status", r.crawlStatus());
    put(g, "duplicate_of", r.duplicateOf());
    r.ownerSignals().forEach((column, value) -> put(g, column, value));
    return g;
  }

  private static void put(Group g, String column, String value) {
    if (value != null) {
      g.append(column, value);
    }
  }
}
