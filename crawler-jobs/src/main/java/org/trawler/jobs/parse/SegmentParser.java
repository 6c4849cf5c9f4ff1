package org.trawler.jobs.parse;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.parse.ParseReason;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.Parsers;
import org.trawler.core.parse.SimHash;
import org.trawler.core.scoring.LinkScorer;
import org.trawler.core.scoring.ScoringFilters;
import org.trawler.jobs.CounterSink;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.hostdb.Soft404Probe;
import org.trawler.jobs.records.RefreshRecord;

/**
 * Parses one fetched page into the records of a segment's parse parts: parse_data and parse_text
 * under the page URL, and crawl_parse datums: a signature datum under the page URL and one linked
 * datum per outlink under the outlink URL. Used by the parse job and by the fetcher
 * (fetcher.parse=true); {@link ParseOutputFormat} writes the records. Thread-safe; close it.
 */
public class SegmentParser implements Closeable {

  /** Receives the records of one page, e.g. a Mapper.Context's {@code write}. */
  public interface RecordSink {
    void write(Text key, SegmentRecord value) throws IOException, InterruptedException;
  }

  private static final Logger LOG = LoggerFactory.getLogger(SegmentParser.class);

  private final Parsers parser;
  private final LinkScorer scorer;
  private final ScoringFilters filters;
  private final ParseMarkers markers;
  private final SimHash simHash;

  /**
   * Fingerprints short texts too, for the soft-404 judgement ("not found" pages are short); null
   * when fetcher.soft404.probe is off.
   */
  private final SimHash shortHash;

  public SegmentParser(Configuration conf) {
    this(conf, ParseMarkers.NONE);
  }

  /**
   * A parser that notes each document it parses in {@code markers} and skips those an earlier
   * attempt of the task died parsing.
   */
  public SegmentParser(Configuration conf, ParseMarkers markers) {
    this(conf, markers, HostKnowledge.NONE);
  }

  /**
   * As {@link #SegmentParser(Configuration, ParseMarkers)} in a task that read the hostdb once in
   * setup(): the outlink normalizers of every parser take {@code known}'s learned parameters rather
   * than each reading the hostdb again.
   */
  public SegmentParser(Configuration conf, ParseMarkers markers, HostKnowledge known) {
    this.parser =
        known.learnedParams().learned().isEmpty()
            ? new Parsers(conf)
            : new Parsers(conf, List.of(known.learnedParams()));
    this.scorer = new LinkScorer(conf);
    this.filters = ScoringFilters.from(conf);
    this.markers = markers;
    this.simHash =
        new SimHash(
            Settings.getInt(
                conf,
                ParseJobKeys.FINGERPRINT_WORDS_MIN,
                ParseJobKeys.DEFAULT_FINGERPRINT_WORDS_MIN));
    this.shortHash =
        Soft404Probe.on(conf)
            ? new SimHash(1) // one shingle at least
            : null;
  }

  /**
   * Sets up a parser with {@code conf} and closes it: a bad parse setting fails here, before a job
   * starts.
   */
  public static void checkSettings(Configuration conf) throws IOException {
    new SegmentParser(conf).close();
  }

  /**
   * Parses {@code content}, fetched for {@code url}, and writes its records to {@code sink}:
   * ParseData, ParseText and the signature datum first (key {@code url}), the {@link RefreshRecord}
   * when the page's meta refresh is a redirect, then the linked datums (key = outlink URL, score =
   * the outlink's share, depth = page depth + 1, fetchTime = {@code now}; a feed's item date, else
   * {@code now}, for a feed's items). A feed's signature datum carries the spacing of its items.
   * The scoring filters (scoring.filters) mark the signature and linked datums from the page's text
   * first (the topic filter its relevance). Returns the parse result, for counters and logging; a
   * page that fails to parse is written too.
   */
  public ParseResult parse(Text url, Content content, long now, RecordSink sink)
      throws IOException, InterruptedException {
    ParseResult result = parseMarked(url.toString(), content.forParse()); // rendered: its DOM
    OptionalLong fingerprint = simHash.fingerprint(result.text().getText());
    if (fingerprint.isPresent()) {
      result.data().getMeta().put(ParseData.META_FINGERPRINT, SimHash.hex(fingerprint.getAsLong()));
    }
    sink.write(url, new SegmentRecord(result.data()));
    sink.write(url, new SegmentRecord(result.text()));
    String feed = result.data().getMeta().get(ParseData.META_FEED);
    CrawlDatum signature = signatureDatum(result.signature());
    if (feed != null) {
      signature.putMeta(MetadataKeys.FEED, feedSeconds(feed));
    }
    markForDedup(signature, fingerprint, otherCanonical(url.toString(), content, result.data()));
    if (shortHash != null && fingerprint.isEmpty()) {
      OptionalLong shortPrint = shortHash.fingerprint(result.text().getText());
      if (shortPrint.isPresent()) {
        signature.putMeta(MetadataKeys.SHORT_FINGERPRINT, shortPrint.getAsLong());
      }
    }
    List<Outlink> outlinks = result.outlinks();
    float[] shares =
        scorer.shares(HtmlParser.pageUrl(content), LinkScorer.pageScore(content), outlinks);
    int depth = LinkScorer.outlinkDepth(content);
    List<CrawlDatum> linked = new ArrayList<>(shares.length);
    for (int i = 0; i < shares.length; i++) {
      CrawlDatum datum = linkedDatum(shares[i], depth, now);
      if (feed != null) {
        datum.putMeta(MetadataKeys.FEED_ITEM, itemTime(outlinks.get(i), now));
      }
      linked.add(datum);
    }
    filters.scoreParsed(url.toString(), result.text().getText(), signature, linked);
    sink.write(url, new SegmentRecord(signature));
    if (result.redirect() != null) {
      sink.write(url, new SegmentRecord(RefreshRecord.of(result.redirect(), content, now)));
    }
    for (int i = 0; i < shares.length; i++) {
      // the bytes Text(String) encodes, without its CharsetEncoder: a page writes 500 of these
      byte[] key = outlinks.get(i).getToUrl().getBytes(StandardCharsets.UTF_8);
      sink.write(new Text(key), new SegmentRecord(linked.get(i)));
    }
    return result;
  }

  /**
   * The parse of {@code content}; a document (not HTML: jsoup reads at most http.content.limit) is
   * marked while it is parsed, and one an earlier attempt died parsing is not parsed again.
   */
  private ParseResult parseMarked(String url, Content content) throws IOException {
    String type = parser.detect(content);
    if (markers.crashedBefore(url)) {
      ParseResult crashed =
          parser.unparsed(
              content,
              ParseData.FAILED,
              ParseReason.PARSER_CRASHED,
              "an earlier attempt of this task died parsing it; skipped");
      crashed.data().getMeta().put(ParseData.META_TYPE, type);
      return crashed;
    }
    if (MimeTypes.isHtml(type)) {
      return parser.parse(content, type);
    }
    markers.begin(url);
    ParseResult result = parser.parse(content, type);
    // an abandoned parse runs on: if it kills the attempt later, its document is skipped too
    if (!ParseReason.PARSE_TIMEOUT
        .reasonName()
        .equals(result.data().getMeta().get(ParseData.META_REASON))) {
      markers.end(url);
    }
    return result;
  }

  /** Counts the parses abandoned at parser.timeout by this parser, if any. */
  public void countAbandoned(CounterSink counts) {
    long abandoned = parser.abandonedParses();
    if (abandoned > 0) {
      counts.count(ParseCounter.ABANDONED_PARSES, abandoned);
    }
  }

  static CrawlDatum signatureDatum(byte[] signature) {
    CrawlDatum datum = new CrawlDatum();
    datum.setStatus(CrawlStatus.SIGNATURE);
    datum.setSignature(signature);
    return datum;
  }

  /**
   * What dedup needs of the page, on its signature datum for the crawldb entry: its fingerprint and
   * the other URL it names canonical, when it has them.
   */
  static void markForDedup(CrawlDatum signature, OptionalLong fingerprint, String canonical) {
    if (fingerprint.isPresent()) {
      signature.putMeta(MetadataKeys.FINGERPRINT, fingerprint.getAsLong());
    }
    if (canonical != null) {
      signature.putMeta(MetadataKeys.CANONICAL, canonical);
    }
  }

  /**
   * The page's rel=canonical when it names another URL than the page's own (as fetched, or where
   * its redirects ended), else null: most pages name themselves, which tells dedup nothing.
   */
  static String otherCanonical(String url, Content content, ParseData data) {
    String canonical = data.getMeta().get(ParseData.META_CANONICAL);
    if (canonical == null
        || canonical.equals(url)
        || canonical.equals(HtmlParser.pageUrl(content))) {
      return null;
    }
    return canonical;
  }

  /** A feed item's date, ms epoch; {@code now} when it has none (or one in the future). */
  static long itemTime(Outlink item, long now) {
    try {
      long published = Long.parseLong(item.getMeta().getOrDefault(Outlink.META_PUBLISHED, "0"));
      return published > 0 && published <= now ? published : now;
    } catch (NumberFormatException e) {
      return now;
    }
  }

  private static int feedSeconds(String value) {
    try {
      return Math.max(0, Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  static CrawlDatum linkedDatum(float share, int depth, long now) {
    CrawlDatum datum = new CrawlDatum();
    datum.setStatus(CrawlStatus.LINKED);
    datum.setScore(share);
    datum.setDepth(depth);
    datum.setFetchTime(now);
    return datum;
  }

  /**
   * Counts a page's parse (its status, its outlinks, its parse filters' notes) and logs a failed
   * one with its URL.
   */
  public static void report(Text url, ParseResult result, CounterSink counts) {
    counts.count(ParseCounter.GROUP, ParseData.statusName(result.status()), 1);
    String reason = result.data().getMeta().get(ParseData.META_REASON);
    if (reason != null) {
      counts.count(ParseCounter.REASONS_GROUP, reason, 1);
    }
    counts.count(ParseCounter.OUTLINKS, result.outlinks().size());
    if (result.redirect() != null) {
      counts.count(ParseCounter.REFRESH_REDIRECTS, 1);
    }
    for (ParseNote note : result.notes()) {
      if (note.counter() != null) {
        counts.count(ParseNote.GROUP, note.counter(), 1);
      }
    }
    if (result.status() == ParseData.FAILED) {
      LOG.warn("failed to parse {}: {}", url, result.data().getStatusMessage());
    } else if (reason != null) {
      LOG.info("parsed {} in part: {}", url, reason);
    }
  }

  /** Closes the parsers and ends the markers: this attempt finished what it began. */
  @Override
  public void close() throws IOException {
    parser.close();
    markers.close();
  }
}
