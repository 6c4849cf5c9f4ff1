package org.trawler.jobs.warc;

import java.time.Instant;
import org.netpreserve.jwarc.WarcRecord;

/**
 * A WARC record to write, with what its CDXJ line says (null for records not indexed: request,
 * metadata).
 */
record ArchivedRecord(WarcRecord record, ArchivedRecord.Index index) {

  /** The CDXJ fields known when the record is built; offset, length and file come on writing. */
  record Index(String url, Instant date, String mime, int status, String digest) {}
}
