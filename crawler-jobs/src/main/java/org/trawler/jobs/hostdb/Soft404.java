package org.trawler.jobs.hostdb;

import java.util.OptionalLong;
import java.util.random.RandomGenerator;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.URLParts;
import org.trawler.core.parse.SimHash;
import org.trawler.core.protocol.Reason;

/**
 * Soft 404s, without Hadoop: a host that answers 200 "not found" for pages it does not have is
 * asked once (and again after fetcher.soft404.probe.interval days) for a random path it cannot
 * have; the fingerprint of that answer is kept in the host database, and a page that
 * near-duplicates it is no page: gone, reason soft_404.
 */
public final class Soft404 {
  /** The segment part the fetcher writes each probe's answer to: probe URL → HostDatum. */
  public static final String SEGMENT_PART = "crawl_soft404";

  /** Letters of the random path: 26^20 paths, none a site has by chance. */
  static final int PATH_LETTERS = 20;

  private static final String REASON = Reason.SOFT_404.nameFor(0);

  private Soft404() {}

  /**
   * The probe URL for the host of {@code pageUrl}: its origin and {@code /} + 20 random lower-case
   * letters + {@code .html}; null for a URL without an origin.
   */
  public static String probeUrl(String pageUrl, RandomGenerator random) {
    String origin = URLParts.of(pageUrl).origin();
    if (origin == null) {
      return null;
    }
    StringBuilder b = new StringBuilder(origin.length() + PATH_LETTERS + 6).append(origin);
    b.append('/');
    for (int i = 0; i < PATH_LETTERS; i++) {
      b.append((char) ('a' + random.nextInt(26)));
    }
    return b.append(".html").toString();
  }

  /**
   * Whether a host whose kept probe is {@code known} (null: never probed) is to be probed at {@code
   * now}: never probed, or probed {@code intervalMillis} ago or longer.
   */
  public static boolean due(HostDatum known, long now, long intervalMillis) {
    return known == null
        || known.getSoft404() == HostDatum.Soft404.UNKNOWN
        || now - known.getSoft404Time() >= intervalMillis;
  }

  /**
   * What a probe's answer says of its host: a page with a fingerprint (200 with text) is what its
   * missing pages look like; 404 or 410 are real ones; anything else tells nothing.
   */
  public static HostDatum.Soft404 judge(
      CrawlStatus status, int httpCode, OptionalLong fingerprint) {
    if (status == CrawlStatus.FETCH_SUCCESS && fingerprint.isPresent()) {
      return HostDatum.Soft404.PAGE;
    }
    if (status == CrawlStatus.FETCH_GONE && (httpCode == 404 || httpCode == 410)) {
      return HostDatum.Soft404.REAL_404;
    }
    return HostDatum.Soft404.OTHER;
  }

  /** The probe's answer as the record the fetcher writes to {@link #SEGMENT_PART}. */
  public static HostDatum answer(HostDatum.Soft404 state, OptionalLong fingerprint, long time) {
    HostDatum h = new HostDatum();
    h.setSoft404(state, fingerprint.orElse(0), time);
    return h;
  }

  /**
   * Whether a page of fingerprint {@code page} is its host's missing-page answer: the host answered
   * the probe with a page, and the two are at most {@code distance} bits apart.
   */
  public static boolean isSoft404(long page, HostDatum host, int distance) {
    return host != null
        && host.getSoft404() == HostDatum.Soft404.PAGE
        && SimHash.distance(page, host.getSoft404Fingerprint()) <= distance;
  }

  /**
   * Marks {@code entry}, the new crawldb entry of a page fetched this round ({@code fetch}, parsed
   * into {@code signature}), gone with reason soft_404 when its fingerprint ({@link
   * MetadataKeys#FINGERPRINT}, else {@link MetadataKeys#SHORT_FINGERPRINT} of a short text) is its
   * host's missing-page answer; true when marked. Only a fetch_success that became db_fetched is
   * judged: other pages say what they are already.
   */
  public static boolean mark(
      CrawlDatum entry, CrawlDatum fetch, CrawlDatum signature, HostDatum host, int distance) {
    if (host == null
        || fetch == null
        || signature == null
        || fetch.getStatus() != CrawlStatus.FETCH_SUCCESS
        || entry.getStatus() != CrawlStatus.DB_FETCHED) {
      return false;
    }
    Text key =
        signature.getMetadata().containsKey(MetadataKeys.FINGERPRINT)
            ? MetadataKeys.FINGERPRINT
            : MetadataKeys.SHORT_FINGERPRINT;
    if (!signature.getMetadata().containsKey(key)) {
      return false;
    }
    long page = signature.getMetaLong(key, 0);
    if (!isSoft404(page, host, distance)) {
      return false;
    }
    entry.setStatus(CrawlStatus.DB_GONE);
    entry.putMeta(
        MetadataKeys.PROTOCOL_STATUS,
        "200 " + REASON + " the host's answer for a missing page, " + SimHash.hex(page));
    return true;
  }
}
