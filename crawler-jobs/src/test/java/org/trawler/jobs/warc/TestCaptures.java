package org.trawler.jobs.warc;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;

/** Captures as a fetch leaves them, for the tests. */
final class TestCaptures {
  private TestCaptures() {}

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  static HttpTranscript.Exchange exchange(
      String url, long time, int code, String responseHead, byte[] body, boolean inContent) {
    return new HttpTranscript.Exchange(
        url,
        time,
        "127.0.0.2",
        bytes("GET " + url.replaceFirst("^http://[^/]+", "") + " HTTP/1.1\r\nHost: h\r\n\r\n"),
        bytes(responseHead),
        code,
        body,
        inContent,
        HttpTranscript.Truncation.NONE);
  }

  /** A 200 page fetched at {@code time} with {@code html}, parsed with one outlink. */
  static Capture page(String url, long time, String html, boolean gzipped) {
    CrawlDatum fetch = new CrawlDatum(CrawlStatus.FETCH_SUCCESS, 100, 1f);
    fetch.setFetchTime(time);
    fetch.putMeta(MetadataKeys.PROTOCOL_STATUS, "200 ok");
    Content content =
        new Content(url, url, html.getBytes(StandardCharsets.UTF_8), "text/html", false);
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
            + (gzipped ? "Content-Encoding: gzip\r\nContent-Length: 17\r\n" : "")
            + "\r\n";
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "t");
    parse.getOutlinks().add(new Outlink("http://x.test/next", "next"));
    return new Capture(
        url,
        fetch,
        content,
        new HttpTranscript(List.of(exchange(url, time, 200, head, new byte[0], true))),
        parse);
  }

  static Capture notModified(String url, long time) {
    CrawlDatum fetch = new CrawlDatum(CrawlStatus.FETCH_NOTMODIFIED, 100, 1f);
    fetch.setFetchTime(time);
    return new Capture(
        url,
        fetch,
        null,
        new HttpTranscript(
            List.of(
                exchange(url, time, 304, "HTTP/1.1 304 Not Modified\r\n\r\n", new byte[0], false))),
        null);
  }

  static Capture notFound(String url, long time) {
    CrawlDatum fetch = new CrawlDatum(CrawlStatus.FETCH_GONE, 100, 1f);
    fetch.setFetchTime(time);
    return new Capture(
        url,
        fetch,
        null,
        new HttpTranscript(
            List.of(
                exchange(
                    url,
                    time,
                    404,
                    "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n\r\n",
                    bytes("no"),
                    false))),
        null);
  }

  /** robots.txt said no: nothing went over the wire. */
  static Capture robotsDenied(String url, long time) {
    CrawlDatum fetch = new CrawlDatum(CrawlStatus.FETCH_GONE, 100, 1f);
    fetch.setFetchTime(time);
    fetch.putMeta(MetadataKeys.PROTOCOL_STATUS, "0 robots_denied");
    return new Capture(url, fetch, null, null, null);
  }

  static List<Capture> list(Capture... captures) {
    return new ArrayList<>(List.of(captures));
  }
}
