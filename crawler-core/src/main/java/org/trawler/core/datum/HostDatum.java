package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * What the crawl knows of one host (the hostdb's value): its crawldb URLs per status, the fetch
 * outcomes of every round it was fetched in, how many rounds in a row failed, DNS failures, the
 * robots.txt answer and the sitemaps it names, when it was last fetched and the mean response time
 * of that round, and its backoff after 429/503 answers (how many such rounds in a row, relaxed
 * after rounds without them, and until when generate leaves it out). Version 1 records (without the
 * response time) are read as "unknown", versions 1 and 2 (without the backoff) as never backed off.
 * Version 4 adds the soft-404 probe (what the host answers for a path it cannot have), kept after
 * the sitemaps; older records read as never probed. Version 5 adds the query parameters learned
 * irrelevant on the host (their values give near-duplicate pages), each with its evidence; older
 * records have none. Version 6 adds the trap templates learned on the host (URL templates whose
 * pages are near-duplicates of each other), each with its evidence and generate's budget for it;
 * older records have none. Version 7 adds the host's rank in the host graph ({@code hostrank}): its
 * harmonic centrality and its host-level PageRank; older records read as never ranked (both 0).
 * Version 8 adds the host this one mirrors (its pages turned out to be copies of that host's pages
 * at the same paths) with the evidence; older records mirror none. Version 9 adds the host's pace
 * (its own delay between requests, raised after 429/503 answers without Retry-After and relaxed
 * after rounds without them); older records have none (0: the configured delay).
 */
public final class HostDatum implements Writable {
  public static final byte VERSION = 9;

  /** The oldest version read: 1 had no response time. */
  private static final byte OLDEST_VERSION = 1;

  /** Stands for "not known" in the mean response time. */
  public static final int UNKNOWN_RESPONSE_TIME = -1;

  private final Map<Byte, Long> urlsByStatus = new TreeMap<>();
  private long fetched;
  private long gone;
  private long retry;
  private long dnsFailures;
  private int failedRounds;
  private long lastFailedRoundTime;
  private long lastFetchTime;
  private int responseTimeMillis = UNKNOWN_RESPONSE_TIME;
  private long rateLimited;
  private int backoffLevel;
  private long backoffUntil;
  private int paceMillis;
  private String robots = "";
  private final List<String> sitemaps = new ArrayList<>();
  private Soft404 soft404 = Soft404.UNKNOWN;
  private long soft404Fingerprint;
  private long soft404Time;

  /** What the host answered when asked for a random path it cannot have. */
  public enum Soft404 {
    /** Never asked (or an older record). */
    UNKNOWN,
    /** It answered 404 or 410: its missing pages say so, nothing to compare. */
    REAL_404,
    /** It answered 200 with a page: its fingerprint is what a missing page looks like there. */
    PAGE,
    /** Any other answer (a redirect, an error, a page too short to fingerprint): asked again. */
    OTHER;

    /** The lower-case name readhostdb shows. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Map<String, Integer> irrelevantParams = new TreeMap<>();
  private final Map<String, Trap> traps = new TreeMap<>();
  private float harmonicCentrality;
  private float hostRank;
  private String mirrorOf = "";
  private int mirrorEvidence;

  /**
   * A trap template of the host: how many of its fetched pages were near-duplicates of each other,
   * and how many of its URLs generate takes in the next round (halved every round, down to 0).
   */
  public record Trap(int evidence, int budget) {}

  public HostDatum() {}

  /** A deep copy (Hadoop reuses the objects it hands a reducer). */
  public HostDatum(HostDatum other) {
    urlsByStatus.putAll(other.urlsByStatus);
    fetched = other.fetched;
    gone = other.gone;
    retry = other.retry;
    dnsFailures = other.dnsFailures;
    failedRounds = other.failedRounds;
    lastFailedRoundTime = other.lastFailedRoundTime;
    lastFetchTime = other.lastFetchTime;
    responseTimeMillis = other.responseTimeMillis;
    rateLimited = other.rateLimited;
    backoffLevel = other.backoffLevel;
    backoffUntil = other.backoffUntil;
    paceMillis = other.paceMillis;
    robots = other.robots;
    sitemaps.addAll(other.sitemaps);
    soft404 = other.soft404;
    soft404Fingerprint = other.soft404Fingerprint;
    soft404Time = other.soft404Time;
    irrelevantParams.putAll(other.irrelevantParams);
    traps.putAll(other.traps);
    harmonicCentrality = other.harmonicCentrality;
    hostRank = other.hostRank;
    mirrorOf = other.mirrorOf;
    mirrorEvidence = other.mirrorEvidence;
  }

  /** crawldb URL count per db status byte, in status order. */
  public Map<Byte, Long> getUrlsByStatus() {
    return urlsByStatus;
  }

  public long getUrls() {
    long n = 0;
    for (long c : urlsByStatus.values()) {
      n += c;
    }
    return n;
  }

  public void addUrls(CrawlStatus status, long count) {
    urlsByStatus.merge(status.code(), count, Long::sum);
  }

  /** Adds the other's URL counts per status to this one's. */
  public void addUrls(HostDatum other) {
    other.urlsByStatus.forEach((code, count) -> urlsByStatus.merge(code, count, Long::sum));
  }

  /** Fetches that got an answer from the server: success, not modified, redirect. */
  public long getFetched() {
    return fetched;
  }

  /** Fetches that ended gone (404, robots denied, ...). */
  public long getGone() {
    return gone;
  }

  /** Fetches to be retried (5xx, timeouts, connection and DNS failures). */
  public long getRetry() {
    return retry;
  }

  public long getDnsFailures() {
    return dnsFailures;
  }

  public void addFetches(long fetched, long gone, long retry, long dnsFailures) {
    this.fetched += fetched;
    this.gone += gone;
    this.retry += retry;
    this.dnsFailures += dnsFailures;
  }

  /** Rounds in a row in which every fetch of the host was a retry; 0 after a round that was not. */
  public int getFailedRounds() {
    return failedRounds;
  }

  /** When the last failed round fetched (ms epoch); 0 = never. */
  public long getLastFailedRoundTime() {
    return lastFailedRoundTime;
  }

  public void setFailedRounds(int failedRounds, long lastFailedRoundTime) {
    this.failedRounds = failedRounds;
    this.lastFailedRoundTime = lastFailedRoundTime;
  }

  public long getLastFetchTime() {
    return lastFetchTime;
  }

  public void setLastFetchTime(long lastFetchTime) {
    this.lastFetchTime = lastFetchTime;
  }

  /**
   * Milliseconds a fetch of the host's took on average in the last round it was fetched in
   * (requests made only); {@link #UNKNOWN_RESPONSE_TIME} when no round measured one.
   */
  public int getResponseTimeMillis() {
    return responseTimeMillis;
  }

  public void setResponseTimeMillis(int responseTimeMillis) {
    this.responseTimeMillis = responseTimeMillis;
  }

  /**
   * Fetches the host answered busy (429, 503) or that its backoff kept from being tried
   * (host_backoff).
   */
  public long getRateLimited() {
    return rateLimited;
  }

  public void addRateLimited(long count) {
    rateLimited += count;
  }

  /** The backoff's level: rounds with busy answers, less what rounds without them relaxed. */
  public int getBackoffLevel() {
    return backoffLevel;
  }

  /** Until when generate leaves the host out, ms epoch; 0 = not backed off. */
  public long getBackoffUntil() {
    return backoffUntil;
  }

  public void setBackoff(int level, long until) {
    this.backoffLevel = level;
    this.backoffUntil = until;
  }

  /**
   * The host's own delay between requests, ms, raised after busy answers without Retry-After; 0 =
   * the configured delay.
   */
  public int getPaceMillis() {
    return paceMillis;
  }

  public void setPaceMillis(int paceMillis) {
    this.paceMillis = Math.max(0, paceMillis);
  }

  /** The robots.txt answer's reason (ok, http_404, timeout, ...); empty when never asked. */
  public String getRobots() {
    return robots;
  }

  /** The Sitemap: URLs the host's robots.txt names. */
  public List<String> getSitemaps() {
    return sitemaps;
  }

  public void setRobots(String robots, List<String> sitemaps) {
    this.robots = robots;
    this.sitemaps.clear();
    this.sitemaps.addAll(sitemaps);
  }

  /** What the host answered its last soft-404 probe. */
  public Soft404 getSoft404() {
    return soft404;
  }

  /** The fingerprint of the host's answer for a missing page, when {@link #getSoft404} is PAGE. */
  public long getSoft404Fingerprint() {
    return soft404Fingerprint;
  }

  /** When the host was last probed, ms epoch; 0 = never. */
  public long getSoft404Time() {
    return soft404Time;
  }

  public void setSoft404(Soft404 state, long fingerprint, long time) {
    this.soft404 = state;
    this.soft404Fingerprint = state == Soft404.PAGE ? fingerprint : 0;
    this.soft404Time = time;
  }

  /**
   * Query parameters learned irrelevant on this host (normalization drops them), each with its
   * evidence: how many distinct values of it gave near-duplicate pages. Sorted by name.
   */
  public Map<String, Integer> getIrrelevantParams() {
    return irrelevantParams;
  }

  public void setIrrelevantParams(Map<String, Integer> params) {
    irrelevantParams.clear();
    irrelevantParams.putAll(params);
  }

  /** The trap templates learned on this host ({@code UrlTemplate}), sorted by template. */
  public Map<String, Trap> getTraps() {
    return traps;
  }

  public void setTraps(Map<String, Trap> templates) {
    traps.clear();
    traps.putAll(templates);
  }

  /**
   * The host's harmonic centrality in the host graph: the sum over the hosts linking to it,
   * directly or through others, of 1/distance; 0 when never ranked or nothing links to it.
   */
  public float getHarmonicCentrality() {
    return harmonicCentrality;
  }

  /**
   * The host's PageRank in the host graph, scaled so that the hosts' mean is 1; 0 = never ranked.
   */
  public float getHostRank() {
    return hostRank;
  }

  public void setRank(float harmonicCentrality, float hostRank) {
    this.harmonicCentrality = harmonicCentrality;
    this.hostRank = hostRank;
  }

  /**
   * The host whose pages this host serves again at the same paths (a mirror), or empty: generate
   * leaves a mirror's URLs out while the evidence holds.
   */
  public String getMirrorOf() {
    return mirrorOf;
  }

  /** How many of the host's pages were copies of {@link #getMirrorOf}'s at the same path. */
  public int getMirrorEvidence() {
    return mirrorEvidence;
  }

  /** Sets the host this one mirrors ({@code host} empty: none) and the evidence for it. */
  public void setMirror(String host, int evidence) {
    this.mirrorOf = host == null ? "" : host;
    this.mirrorEvidence = mirrorOf.isEmpty() ? 0 : evidence;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    WritableUtils.writeVInt(out, urlsByStatus.size());
    for (Map.Entry<Byte, Long> e : urlsByStatus.entrySet()) {
      out.writeByte(e.getKey());
      WritableUtils.writeVLong(out, e.getValue());
    }
    WritableUtils.writeVLong(out, fetched);
    WritableUtils.writeVLong(out, gone);
    WritableUtils.writeVLong(out, retry);
    WritableUtils.writeVLong(out, dnsFailures);
    WritableUtils.writeVInt(out, failedRounds);
    out.writeLong(lastFailedRoundTime);
    out.writeLong(lastFetchTime);
    WritableUtils.writeVInt(out, responseTimeMillis);
    WritableUtils.writeVLong(out, rateLimited);
    WritableUtils.writeVInt(out, backoffLevel);
    out.writeLong(backoffUntil);
    Text.writeString(out, robots);
    WritableUtils.writeVInt(out, sitemaps.size());
    for (String s : sitemaps) {
      Text.writeString(out, s);
    }
    out.writeByte(soft404.ordinal());
    out.writeLong(soft404Fingerprint);
    out.writeLong(soft404Time);
    WritableUtils.writeVInt(out, irrelevantParams.size());
    for (Map.Entry<String, Integer> e : irrelevantParams.entrySet()) {
      Text.writeString(out, e.getKey());
      WritableUtils.writeVInt(out, e.getValue());
    }
    WritableUtils.writeVInt(out, traps.size());
    for (Map.Entry<String, Trap> e : traps.entrySet()) {
      Text.writeString(out, e.getKey());
      WritableUtils.writeVInt(out, e.getValue().evidence());
      WritableUtils.writeVInt(out, e.getValue().budget());
    }
    out.writeFloat(harmonicCentrality);
    out.writeFloat(hostRank);
    Text.writeString(out, mirrorOf);
    WritableUtils.writeVInt(out, mirrorEvidence);
    WritableUtils.writeVInt(out, paceMillis);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte version = in.readByte();
    Writables.checkVersion("HostDatum", version, OLDEST_VERSION, VERSION);
    urlsByStatus.clear();
    int n = WritableUtils.readVInt(in);
    for (int i = 0; i < n; i++) {
      byte status = in.readByte();
      urlsByStatus.put(status, WritableUtils.readVLong(in));
    }
    fetched = WritableUtils.readVLong(in);
    gone = WritableUtils.readVLong(in);
    retry = WritableUtils.readVLong(in);
    dnsFailures = WritableUtils.readVLong(in);
    failedRounds = WritableUtils.readVInt(in);
    lastFailedRoundTime = in.readLong();
    lastFetchTime = in.readLong();
    responseTimeMillis = version >= 2 ? WritableUtils.readVInt(in) : UNKNOWN_RESPONSE_TIME;
    rateLimited = version >= 3 ? WritableUtils.readVLong(in) : 0;
    backoffLevel = version >= 3 ? WritableUtils.readVInt(in) : 0;
    backoffUntil = version >= 3 ? in.readLong() : 0;
    robots = Text.readString(in);
    sitemaps.clear();
    int s = WritableUtils.readVInt(in);
    for (int i = 0; i < s; i++) {
      sitemaps.add(Text.readString(in));
    }
    if (version >= 4) {
      int state = in.readByte();
      if (state < 0 || state >= Soft404.values().length) {
        throw new IOException("HostDatum: unknown soft-404 state " + state);
      }
      soft404 = Soft404.values()[state];
      soft404Fingerprint = in.readLong();
      soft404Time = in.readLong();
    } else {
      soft404 = Soft404.UNKNOWN;
      soft404Fingerprint = 0;
      soft404Time = 0;
    }
    irrelevantParams.clear();
    int p = version >= 5 ? WritableUtils.readVInt(in) : 0;
    for (int i = 0; i < p; i++) {
      irrelevantParams.put(Text.readString(in), WritableUtils.readVInt(in));
    }
    traps.clear();
    int t = version >= 6 ? WritableUtils.readVInt(in) : 0;
    for (int i = 0; i < t; i++) {
      String template = Text.readString(in);
      int evidence = WritableUtils.readVInt(in);
      traps.put(template, new Trap(evidence, WritableUtils.readVInt(in)));
    }
    harmonicCentrality = version >= 7 ? in.readFloat() : 0;
    hostRank = version >= 7 ? in.readFloat() : 0;
    mirrorOf = version >= 8 ? Text.readString(in) : "";
    mirrorEvidence = version >= 8 ? WritableUtils.readVInt(in) : 0;
    paceMillis = version >= 9 ? WritableUtils.readVInt(in) : 0;
  }

  /** The soft-404 probe's answer, for a host that was probed. */
  private String soft404String() {
    if (soft404 == Soft404.UNKNOWN) {
      return "";
    }
    return " soft404="
        + soft404.label()
        + (soft404 == Soft404.PAGE
            ? " soft404_fingerprint=" + String.format("%016x", soft404Fingerprint)
            : "")
        + " soft404_time="
        + soft404Time;
  }

  /** The rate limit and backoff, for a host that ever had one. */
  private String backoffString() {
    if (rateLimited == 0 && backoffLevel == 0 && backoffUntil == 0 && paceMillis == 0) {
      return "";
    }
    return " rate_limited="
        + rateLimited
        + " backoff_level="
        + backoffLevel
        + " backoff_until="
        + backoffUntil
        + (paceMillis > 0 ? " pace_ms=" + paceMillis : "");
  }

  /** The host's rank, for a host that was ranked. */
  private String rankString() {
    if (hostRank == 0) {
      return "";
    }
    return String.format(
        Locale.ROOT, " harmonic=%.3f host_rank=%.4f", harmonicCentrality, hostRank);
  }

  /** Each trap template with its evidence and budget: {/calendar/{n}-{n}/=12/4}. */
  private String trapsString() {
    StringBuilder b = new StringBuilder("{");
    traps.forEach(
        (t, trap) ->
            b.append(b.length() > 1 ? ", " : "")
                .append(t)
                .append('=')
                .append(trap.evidence())
                .append('/')
                .append(trap.budget()));
    return b.append('}').toString();
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<Byte, Long> e : urlsByStatus.entrySet()) {
      b.append(CrawlStatus.label(e.getKey())).append('=').append(e.getValue()).append(' ');
    }
    return b.append("fetched=")
        .append(fetched)
        .append(" gone=")
        .append(gone)
        .append(" retry=")
        .append(retry)
        .append(" dns_failures=")
        .append(dnsFailures)
        .append(" failed_rounds=")
        .append(failedRounds)
        .append(" response_ms=")
        .append(responseTimeMillis)
        .append(backoffString())
        .append(soft404String())
        .append(" robots=")
        .append(robots.isEmpty() ? "unknown" : robots)
        .append(" sitemaps=")
        .append(sitemaps)
        .append(irrelevantParams.isEmpty() ? "" : " irrelevant_params=" + irrelevantParams)
        .append(traps.isEmpty() ? "" : " traps=" + trapsString())
        .append(rankString())
        .append(
            mirrorOf.isEmpty()
                ? ""
                : " mirror_of=" + mirrorOf + " mirror_evidence=" + mirrorEvidence)
        .toString();
  }
}
