package org.trawler.jobs.warc;

/** Which record an answer becomes: a full response, or a revisit of what was archived before. */
enum RecordChoice {
  RESPONSE,
  /** The payload is one archived before (same digest): only the head is stored. */
  REVISIT_IDENTICAL_PAYLOAD,
  /** A 304 to a conditional request: the server said the archived copy is current. */
  REVISIT_NOT_MODIFIED;

  /**
   * The record for an answer with {@code statusCode} and a payload of {@code payloadLength} bytes.
   * Only a complete 2xx payload seen before (same digest, {@code seenBefore}) is a revisit: an
   * empty or cut body says nothing about the page, and an error page's body repeats across URLs
   * while its status is what matters.
   */
  static RecordChoice of(
      int statusCode, long payloadLength, boolean truncated, boolean seenBefore) {
    if (statusCode == 304) {
      return REVISIT_NOT_MODIFIED;
    }
    boolean completePage = statusCode >= 200 && statusCode < 300 && payloadLength > 0 && !truncated;
    return completePage && seenBefore ? REVISIT_IDENTICAL_PAYLOAD : RESPONSE;
  }
}
