package org.trawler.jobs.warc;

import org.trawler.jobs.JobCounter;

/** WARC writing's Hadoop counters (group {@value #GROUP}). */
public enum WarcCounter implements JobCounter {
  /** URLs whose fetch went over the wire and is archived. */
  URLS_ARCHIVED,
  /**
   * URLs with nothing exchanged (robots denied, address denied, never connected), or fetched
   * without fetcher.store.http.headers: no records.
   */
  URLS_NOT_EXCHANGED,
  /** URLs left out of the export: their page says noarchive and warc.honor.noarchive is on. */
  URLS_NOARCHIVE,
  /** URLs left out of the export: their owner refused a usage export.require.usage requires. */
  URLS_USAGE_REFUSED,
  /** 2xx answers whose body is not in the segment (fetcher.store.content=false): not archived. */
  CONTENT_MISSING,
  WARCINFO_RECORDS,
  REQUEST_RECORDS,
  RESPONSE_RECORDS,
  /** Revisits of a payload archived before (identical-payload-digest). */
  REVISIT_IDENTICAL_RECORDS,
  /** Revisits for a 304 answer (server-not-modified). */
  REVISIT_NOT_MODIFIED_RECORDS,
  METADATA_RECORDS,
  /** A rendered page's DOM (fetcher.render), a conversion record referring to its response. */
  CONVERSION_RECORDS,
  /** Response records with WARC-Truncated. */
  TRUNCATED_RECORDS,
  /** WARC files completed. */
  FILES,
  /** Compressed bytes written to WARC files. */
  BYTES,
  /** Payload bytes (decoded bodies) archived. */
  PAYLOAD_BYTES,
  /** WAT metadata records written (warc -wat): one per WARC record. */
  WAT_RECORDS,
  /** Compressed bytes written to WAT files. */
  WAT_BYTES,
  /** HTML pages whose WAT record has no HTML-Metadata: the page could not be read as HTML. */
  WAT_HTML_FAILED,
  /** WET conversion records written (warc -wet): one per parsed page with text. */
  WET_RECORDS,
  /** Compressed bytes written to WET files. */
  WET_BYTES,
  /** Markdown conversion records written (warc -markdown): one per page with Markdown. */
  MARKDOWN_RECORDS,
  /** Compressed bytes written to Markdown files. */
  MARKDOWN_BYTES;

  public static final String GROUP = "warc";

  @Override
  public String group() {
    return GROUP;
  }
}
