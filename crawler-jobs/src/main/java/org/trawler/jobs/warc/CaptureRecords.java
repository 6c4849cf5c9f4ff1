package org.trawler.jobs.warc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.Outlink;
import org.trawler.core.usage.UsageField;
import org.trawler.jobs.CounterSink;

/**
 * Builds the WARC records of one {@link Capture}: per exchange (a redirect hop followed inline is
 * one) a response, or a revisit of an identical payload or for a 304, and the request,
 * Concurrent-To it; then one metadata record for the fetch, and for a rendered page a conversion
 * record of its DOM. The one record builder: the export job and the fetch task (fetcher.store.warc)
 * both write through it.
 */
final class CaptureRecords {
  /** Mime of a revisit in CDXJ, as pywb writes it. */
  static final String REVISIT_MIME = "warc/revisit";

  private final CaptureMemory memory;
  private final CounterSink counters;

  CaptureRecords(CaptureMemory memory, CounterSink counters) {
    this.memory = memory;
    this.counters = counters;
  }

  /** The records of a capture in the order to write them; none when nothing was exchanged. */
  List<ArchivedRecord> build(Capture capture) throws IOException {
    List<ArchivedRecord> records = new ArrayList<>();
    HttpTranscript transcript = capture.transcript();
    if (transcript == null || transcript.exchanges().isEmpty()) {
      counters.count(WarcCounter.URLS_NOT_EXCHANGED, 1);
      return records;
    }
    URI lastResponse = null;
    for (HttpTranscript.Exchange exchange : transcript.exchanges()) {
      URI id = addExchange(capture, exchange, records);
      lastResponse = id != null ? id : lastResponse;
    }
    if (lastResponse == null) {
      return records;
    }
    records.add(new ArchivedRecord(metadata(capture, lastResponse), null));
    counters.count(WarcCounter.METADATA_RECORDS, 1);
    if (capture.content() != null && capture.content().isRendered()) {
      records.add(new ArchivedRecord(rendered(capture, lastResponse), null));
      counters.count(WarcCounter.CONVERSION_RECORDS, 1);
    }
    counters.count(WarcCounter.URLS_ARCHIVED, 1);
    return records;
  }

  /** Adds the response (or revisit) and request of one exchange; returns the response's id. */
  private URI addExchange(
      Capture capture, HttpTranscript.Exchange exchange, List<ArchivedRecord> records)
      throws IOException {
    byte[] payload = exchange.body();
    boolean truncated = exchange.truncation() != HttpTranscript.Truncation.NONE;
    WarcTruncationReason truncation = truncation(exchange.truncation());
    if (exchange.bodyInContent()) {
      if (capture.content() == null) {
        counters.count(WarcCounter.CONTENT_MISSING, 1);
        return null;
      }
      payload = capture.content().getContent();
      if (capture.content().isTruncated() && !truncated) {
        truncated = true;
        truncation = WarcTruncationReason.LENGTH;
      }
    }
    String url = exchange.url();
    Instant date = Instant.ofEpochMilli(exchange.requestTime());
    InetAddress ip = address(exchange.ipAddress());
    byte[] head = ResponseHead.forStoredBody(exchange.responseHead(), payload.length);
    WarcDigest payloadDigest = sha1(payload);
    CaptureMemory.Prior same = memory.withPayload(payloadDigest.base32());
    RecordChoice choice =
        RecordChoice.of(exchange.statusCode(), payload.length, truncated, same != null);

    WarcCaptureRecord response;
    String mime;
    switch (choice) {
      case REVISIT_IDENTICAL_PAYLOAD -> {
        response =
            revisit(url, WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1, date, ip, head, same)
                .payloadDigest(payloadDigest)
                .build();
        mime = REVISIT_MIME;
        counters.count(WarcCounter.REVISIT_IDENTICAL_RECORDS, 1);
      }
      case REVISIT_NOT_MODIFIED -> {
        response =
            revisit(url, WarcRevisit.SERVER_NOT_MODIFIED_1_1, date, ip, head, memory.lastOf(url))
                .build();
        mime = REVISIT_MIME;
        counters.count(WarcCounter.REVISIT_NOT_MODIFIED_RECORDS, 1);
      }
      default -> {
        byte[] block = concat(head, payload);
        WarcResponse.Builder builder =
            new WarcResponse.Builder(url)
                .version(MessageVersion.WARC_1_1)
                .date(date)
                .body(MediaType.HTTP_RESPONSE, block)
                .blockDigest(sha1(block))
                .payloadDigest(payloadDigest);
        if (ip != null) {
          builder.ipAddress(ip);
        }
        if (truncated) {
          builder.truncated(truncation);
          counters.count(WarcCounter.TRUNCATED_RECORDS, 1);
        }
        response = builder.build();
        memory.remember(
            truncated || payload.length == 0 ? null : payloadDigest.base32(),
            new CaptureMemory.Prior(response.id(), url, date));
        mime = mediaTypeOrUnknown(head);
        counters.count(WarcCounter.RESPONSE_RECORDS, 1);
        counters.count(WarcCounter.PAYLOAD_BYTES, payload.length);
      }
    }
    String indexDigest = choice == RecordChoice.REVISIT_NOT_MODIFIED ? "-" : payloadDigest.base32();
    records.add(
        new ArchivedRecord(
            response,
            new ArchivedRecord.Index(url, date, mime, exchange.statusCode(), indexDigest)));
    WarcRequest.Builder request =
        new WarcRequest.Builder(url)
            .version(MessageVersion.WARC_1_1)
            .date(date)
            .body(MediaType.HTTP_REQUEST, exchange.requestHead())
            .blockDigest(sha1(exchange.requestHead()))
            .concurrentTo(response.id());
    if (ip != null) {
      request.ipAddress(ip);
    }
    records.add(new ArchivedRecord(request.build(), null));
    counters.count(WarcCounter.REQUEST_RECORDS, 1);
    return response.id();
  }

  private static WarcRevisit.Builder revisit(
      String url, URI profile, Instant date, InetAddress ip, byte[] head, CaptureMemory.Prior of) {
    WarcRevisit.Builder builder =
        new WarcRevisit.Builder(url, profile)
            .version(MessageVersion.WARC_1_1)
            .date(date)
            .body(MediaType.HTTP_RESPONSE, head)
            .blockDigest(sha1(head));
    if (ip != null) {
      builder.ipAddress(ip);
    }
    if (of != null) {
      builder.refersTo(of.recordId(), of.targetUri(), of.date());
    }
    return builder;
  }

  /** The fetch as the crawl saw it: status, reason, time, and the outlinks parse found. */
  private static WarcMetadata metadata(Capture capture, URI response) {
    Map<String, List<String>> fields = new LinkedHashMap<>();
    if (capture.fetch() != null) {
      fields.put("fetchStatus", List.of((capture.fetch().getStatus()).label()));
      String reason = capture.fetch().getMetaString(MetadataKeys.PROTOCOL_STATUS);
      if (reason != null) {
        fields.put("fetchReason", List.of(reason));
      }
    }
    fields.put("fetchTimeMs", List.of(Long.toString(capture.fetchTime())));
    if (capture.parse() != null && !capture.parse().getOutlinks().isEmpty()) {
      List<String> outlinks = new ArrayList<>();
      for (Outlink link : capture.parse().getOutlinks()) {
        outlinks.add(link.getToUrl());
      }
      fields.put("outlink", outlinks);
    }
    if (capture.parse() != null) {
      // what the page's owner allows, as parse recorded it: WAT files carry it on
      for (UsageField f : UsageField.values()) {
        String value = capture.parse().getMeta().get(f.key());
        if (value != null) {
          fields.put(f.key(), List.of(value));
        }
      }
    }
    return new WarcMetadata.Builder()
        .version(MessageVersion.WARC_1_1)
        .targetURI(capture.url())
        .date(Instant.ofEpochMilli(capture.fetchTime()))
        .concurrentTo(response)
        .fields(fields)
        .build();
  }

  /**
   * The page's DOM after its scripts ran (fetcher.render): a conversion record of the response it
   * was made from, as browser-based archiving tools keep rendered pages beside what the server
   * sent.
   */
  private static WarcConversion rendered(Capture capture, URI response) {
    byte[] dom = capture.content().getRendered();
    return new WarcConversion.Builder()
        .version(MessageVersion.WARC_1_1)
        .setHeader("WARC-Target-URI", capture.url()) // jwarc's conversion builder has no setter
        .date(Instant.ofEpochMilli(capture.fetchTime()))
        .refersTo(response)
        .body(MediaType.parse("text/html;charset=utf-8"), dom)
        .blockDigest(sha1(dom))
        .build();
  }

  static WarcTruncationReason truncation(HttpTranscript.Truncation truncation) {
    return switch (truncation) {
      case NONE -> WarcTruncationReason.NOT_TRUNCATED;
      case LENGTH -> WarcTruncationReason.LENGTH;
      case TIME -> WarcTruncationReason.TIME;
    };
  }

  private static String mediaTypeOrUnknown(byte[] head) {
    String type = ResponseHead.mediaType(head);
    return type == null ? "unk" : type;
  }

  /** The address as given, or null (unknown, or not an IP literal: never a DNS lookup here). */
  static InetAddress address(String ip) {
    if (ip == null || ip.isEmpty() || !(ip.indexOf(':') >= 0 || Character.isDigit(ip.charAt(0)))) {
      return null;
    }
    try {
      return InetAddress.getByName(ip); // a literal: parsed, not resolved
    } catch (IOException e) {
      return null;
    }
  }

  static WarcDigest sha1(byte[] bytes) {
    try {
      return new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-1", e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] all = new byte[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
