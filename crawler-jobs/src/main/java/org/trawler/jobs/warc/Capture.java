package org.trawler.jobs.warc;

import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;

/**
 * One fetch of one URL as a segment keeps it: what its WARC records are made of.
 *
 * @param fetch the fetch datum (status, fetch time, _pst_)
 * @param content the page (2xx only), or null
 * @param transcript what went over the wire, or null when nothing was exchanged or kept
 * @param parse the parse's data (outlinks), or null when not parsed
 * @param text the parse's text, or null when not parsed or not read (only WET files need it)
 */
public record Capture(
    String url,
    CrawlDatum fetch,
    Content content,
    HttpTranscript transcript,
    ParseData parse,
    ParseText text) {

  /** A capture without its parse text: what the fetch task and a WARC-only export have. */
  public Capture(
      String url, CrawlDatum fetch, Content content, HttpTranscript transcript, ParseData parse) {
    this(url, fetch, content, transcript, parse, null);
  }

  /** When it was fetched: the fetch datum's time, else the first request's, ms epoch. */
  long fetchTime() {
    if (fetch != null) {
      return fetch.getFetchTime();
    }
    return transcript == null || transcript.exchanges().isEmpty()
        ? 0
        : transcript.exchanges().get(0).requestTime();
  }
}
