package org.trawler.jobs.warc;

import crawlercommons.domains.EffectiveTldFinder;
import java.io.Serializable;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.usage.UsageField;

/**
 * One row of the URL index: a response or revisit record as its CDXJ line places it in its WARC
 * file, with what the crawl knew of the fetch. Column names and meanings are Common Crawl's
 * cc-index-table's ({@link UrlIndexSchema}); the last three are ours. Serializable so that a test
 * driver can copy it; the job hands it straight to the Parquet writer.
 *
 * @param fetchTime when the request was sent, ms epoch (the record's WARC-Date)
 * @param segment the segment's name, or null when no fetch of the segments made the record
 */
public record UrlIndexRow(
    String surtKey,
    String url,
    String hostName,
    String hostTld,
    String hostRegisteredDomain,
    String hostPrivateDomain,
    String protocol,
    Integer port,
    String path,
    String query,
    long fetchTime,
    int fetchStatus,
    String fetchRedirect,
    String contentDigest,
    String contentMimeType,
    String contentMimeDetected,
    String contentCharset,
    String contentLanguages,
    String contentTruncated,
    String warcFilename,
    int warcRecordOffset,
    int warcRecordLength,
    String segment,
    String fetchReason,
    String crawlStatus,
    String duplicateOf,
    Map<String, String> ownerSignals)
    implements Serializable {

  /** Partition of successful captures (2xx), as Common Crawl's. */
  public static final String SUBSET_WARC = "warc";

  /** Partition of redirects, 404s, 304s and other answers, as Common Crawl's. */
  public static final String SUBSET_DIAGNOSTICS = "crawldiagnostics";

  /**
   * A fetch of a segment that exchanged this row's URL: the URL's own (its fetch datum and parse
   * with it), or another URL's whose redirect was followed inline to it (the transcript only).
   */
  record Fetch(String segment, Capture capture) {}

  /** The fetch a CDXJ line's record was written from: its segment, capture and exchange. */
  record Match(String segment, Capture capture, HttpTranscript.Exchange exchange) {}

  /** The partition the row goes to: {@value #SUBSET_WARC} or {@value #SUBSET_DIAGNOSTICS}. */
  public String subset() {
    return fetchStatus >= 200 && fetchStatus < 300 ? SUBSET_WARC : SUBSET_DIAGNOSTICS;
  }

  /**
   * True when the line's place fits the index's 32-bit offset and length (Common Crawl's types): a
   * WARC file under 2 GiB, as warc.max.size's default keeps them.
   */
  static boolean fits(CdxjLine.Entry line) {
    return line.offset() <= Integer.MAX_VALUE && line.length() <= Integer.MAX_VALUE;
  }

  /**
   * The fetch whose exchange the line's record holds: same URL, same status, sent in the same
   * second (the line's time is the record's WARC-Date to the second), not one of {@code taken};
   * null when none of {@code fetches} has it. Two fetches of a URL in one second with one status
   * (its own fetch, and another URL's redirect followed inline to it) cannot be told apart by the
   * line: each line gets one of them, the first in the list first.
   */
  static Match match(CdxjLine.Entry line, List<Fetch> fetches, Set<HttpTranscript.Exchange> taken) {
    long second = line.date().getEpochSecond();
    for (Fetch f : fetches) {
      HttpTranscript transcript = f.capture().transcript();
      if (transcript == null) {
        continue;
      }
      for (HttpTranscript.Exchange x : transcript.exchanges()) {
        if (!taken.contains(x)
            && x.url().equals(line.url())
            && x.statusCode() == line.status()
            && Math.floorDiv(x.requestTime(), 1000) == second) {
          return new Match(f.segment(), f.capture(), x);
        }
      }
    }
    return null;
  }

  /**
   * The row of {@code line} (which must {@link #fits}); {@code match} may be null (the fetch is not
   * in the segments read: the WARC columns only), {@code duplicateOf} is the crawldb's mark.
   */
  static UrlIndexRow of(CdxjLine.Entry line, Match match, String duplicateOf) {
    String url = line.url();
    URLParts parts = URLParts.of(url);
    String host = hostName(parts);
    HttpTranscript.Exchange x = match == null ? null : match.exchange();
    CrawlDatum fetch = match == null ? null : match.capture().fetch();
    ParseData parse = x != null && isPage(match.capture(), x) ? match.capture().parse() : null;
    return new UrlIndexRow(
        line.surt(),
        url,
        host,
        tld(host),
        domain(host, true),
        domain(host, false),
        parts.hasScheme() ? parts.scheme().toLowerCase(Locale.ROOT) : "",
        port(parts),
        parts.pathEnd() > parts.pathStart()
            ? url.substring(parts.pathStart(), parts.pathEnd())
            : "",
        parts.hasQuery() ? url.substring(parts.pathEnd() + 1, parts.queryEnd()) : null,
        x != null ? x.requestTime() : line.date().toEpochMilli(),
        line.status(),
        x != null ? redirect(url, x) : null,
        "-".equals(line.digest()) ? null : line.digest(),
        line.mime(),
        parse == null ? null : emptyAsNull(parse.getMeta().get(ParseData.META_TYPE)),
        parse == null ? null : emptyAsNull(parse.getMeta().get("charset")),
        parse == null ? null : languages(parse.getMeta().get(ParseData.META_LANGUAGES)),
        x == null || x.truncation() == HttpTranscript.Truncation.NONE
            ? null
            : x.truncation().name().toLowerCase(Locale.ROOT),
        line.filename(),
        (int) line.offset(),
        (int) line.length(),
        match == null ? null : new Path(match.segment()).getName(),
        fetch == null
            ? null
            : ProtocolOutput.reasonOf(fetch.getMetaString(MetadataKeys.PROTOCOL_STATUS)),
        fetch == null ? null : fetch.getStatus().label(),
        duplicateOf,
        ownerSignals(parse));
  }

  /**
   * What the page's owner allows, by column ("usage.ai-train" is column usage_ai_train); empty when
   * the page was not parsed or its owner said nothing.
   */
  static Map<String, String> ownerSignals(ParseData parse) {
    Map<String, String> columns = new TreeMap<>();
    if (parse != null) {
      for (UsageField f : UsageField.values()) {
        String value = parse.getMeta().get(f.key());
        if (value != null) {
          columns.put(column(f), value);
        }
      }
    }
    return columns;
  }

  /** The Parquet column of a signal: its key with dots and dashes as underscores. */
  static String column(UsageField f) {
    return f.key().replace('.', '_').replace('-', '_');
  }

  /** The exchange whose body is the page parse read: the capture's last, a 2xx in content. */
  private static boolean isPage(Capture capture, HttpTranscript.Exchange x) {
    List<HttpTranscript.Exchange> all = capture.transcript().exchanges();
    return x.bodyInContent() && all.get(all.size() - 1) == x;
  }

  /** The host, lower-cased, IPv6 in brackets as in the URL; "" when the URL has none. */
  static String hostName(URLParts parts) {
    if (!parts.hasAuthority()) {
      return "";
    }
    return parts.url().substring(parts.hostStart(), parts.hostEnd()).toLowerCase(Locale.ROOT);
  }

  /** The last label of a host name; null for an IP address or no host (Common Crawl's). */
  static String tld(String host) {
    if (host.isEmpty() || isAddress(host)) {
      return null;
    }
    String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    return h.substring(h.lastIndexOf('.') + 1);
  }

  /**
   * The domain one label below the public suffix: of the ICANN section only ({@code registryOnly},
   * cc-index-table's url_host_registered_domain: a.blogspot.com → blogspot.com) or with the private
   * section too (url_host_private_domain: a.blogspot.com); null for an address or a name without a
   * known suffix (localhost, intranet names).
   */
  static String domain(String host, boolean registryOnly) {
    if (host.isEmpty() || isAddress(host)) {
      return null;
    }
    String domain = EffectiveTldFinder.getAssignedDomain(host, true, registryOnly);
    return domain == null || domain.isEmpty() ? null : domain;
  }

  private static boolean isAddress(String host) {
    return host.charAt(0) == '[' || host.matches("[0-9.]+");
  }

  /** The port written in the URL, or null when none is (Common Crawl's url_port). */
  static Integer port(URLParts parts) {
    if (!parts.hasAuthority()) {
      return null;
    }
    int hostEnd = parts.hostEnd();
    int port =
        hostEnd < parts.pathStart()
            ? URLParts.port(parts.url(), hostEnd + 1, parts.pathStart())
            : -1;
    return port < 0 ? null : port;
  }

  /** A redirect's Location, absolute against the URL; null for other answers. */
  static String redirect(String url, HttpTranscript.Exchange x) {
    if (x.statusCode() < 300 || x.statusCode() >= 400) {
      return null;
    }
    String location = ResponseHead.field(x.responseHead(), "Location");
    if (location == null || location.isEmpty()) {
      return null;
    }
    try {
      return new URI(url).resolve(new URI(location)).toString();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return location; // what the server sent, as it sent it
    }
  }

  /**
   * The languages of parse's lang filter (ISO 639-1, one per line, main first) as Common Crawl
   * writes content_languages: ISO 639-3 codes separated by commas ("es\nen" → "spa,eng").
   */
  static String languages(String languages) {
    if (languages == null || languages.isBlank()) {
      return null;
    }
    List<String> codes = new ArrayList<>();
    for (String code : languages.split("[\\n,]")) {
      if (!code.isBlank()) {
        codes.add(iso3(code.trim()));
      }
    }
    return codes.isEmpty() ? null : String.join(",", codes);
  }

  private static String iso3(String code) {
    try {
      String three = Locale.forLanguageTag(code).getISO3Language();
      return three.isEmpty() ? code : three;
    } catch (MissingResourceException e) {
      return code; // a code the JDK does not know stays as the detector gave it
    }
  }

  private static String emptyAsNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
