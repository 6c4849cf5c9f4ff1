package org.trawler.jobs.read;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.jobs.dedup.DuplicateKind;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.hostdb.HostPolicy;
import org.trawler.jobs.hostdb.HostSkip;

/**
 * readdb -stats: counts per status (db_duplicate split exact/near, db_gone by reason), retries and
 * depth, and the score range (and PageRank range, once rank ran), of a crawldb. Handed a host
 * database ({@link HostKnowledgeReader#handOver}), also the unfetched URLs generate holds back now,
 * by its skip reason ({@link HostPolicy#skipReason(String, String)}: trap_pattern, duplicate_param,
 * host_backoff...): they stay in the crawldb, due.
 */
public final class CrawlDbStats implements DbStats<CrawlDatum, CrawlDbStats>, Configurable {
  private long total;
  private final Map<Byte, Long> byStatus = new TreeMap<>();
  private final Map<Integer, Long> byRetries = new TreeMap<>();
  private final Map<Integer, Long> byDepth = new TreeMap<>();
  private float minScore = Float.POSITIVE_INFINITY;
  private float maxScore = Float.NEGATIVE_INFINITY;
  private double scoreSum;

  /** Entries with a PageRank from the last rank run, and its range. */
  private long ranked;

  private float minRank = Float.POSITIVE_INFINITY;
  private float maxRank = Float.NEGATIVE_INFINITY;

  /** db_gone entries whose reason is soft_404 (updatedb's soft-404 judgement). */
  private long soft404;

  private static final String SOFT_404 = Reason.SOFT_404.nameFor(0);

  /** db_duplicate entries by how they copy the page kept (exact, near). */
  private final Map<String, Long> duplicatesByKind = new TreeMap<>();

  /** db_gone entries by the reason of their last fetch (http_404, soft_404, ...). */
  private final Map<String, Long> goneByReason = new TreeMap<>();

  /** db_unfetched entries generate holds back now, by skip reason; empty without a hostdb. */
  private final Map<String, Long> heldBack = new TreeMap<>();

  private Configuration conf;

  /** What generate would do with each URL now, read from the hostdb on first use; or null. */
  private HostPolicy policy;

  /** Whether the configuration was looked at for a hostdb: once, not at every record. */
  private boolean policyRead;

  /** Counts as readdb without a hostdb. */
  public CrawlDbStats() {}

  /** Counts also the unfetched URLs {@code policy} holds back. */
  CrawlDbStats(HostPolicy policy) {
    this.policy = policy;
    this.policyRead = true;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /**
   * Counts one entry, and when it is unfetched and a hostdb was handed over, whether generate holds
   * {@code url} back now and why.
   */
  @Override
  public void add(Writable url, CrawlDatum datum) {
    add(datum);
    HostPolicy p = policy();
    if (p != null && datum.getStatus() == CrawlStatus.DB_UNFETCHED) {
      String u = url.toString();
      HostSkip reason = p.skipReason(u, URLParts.host(u));
      if (reason != null) {
        heldBack.merge(reason.name().toLowerCase(Locale.ROOT), 1L, Long::sum);
      }
    }
  }

  /**
   * Makes the stats of the parts the client counts itself: they share one read of the hostdb handed
   * over in {@code conf}, where each would read it on its own (a task's stats read it once).
   */
  static Supplier<CrawlDbStats> sharingTheHostDb(Configuration conf) {
    CrawlDbStats reader = new CrawlDbStats();
    reader.setConf(conf);
    return () -> {
      CrawlDbStats part = new CrawlDbStats(reader.policy());
      part.setConf(conf);
      return part;
    };
  }

  /** The policy of the hostdb handed over in the configuration, read once; null without one. */
  private HostPolicy policy() {
    if (!policyRead && conf != null) {
      policyRead = true;
      if (conf.get(HostDbKeys.INTERNAL_CURRENT) == null) {
        return null;
      }
      long now = System.currentTimeMillis();
      try {
        policy = HostPolicy.from(conf, HostKnowledgeReader.read(conf, now), now);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the host database", e);
      }
    }
    return policy;
  }

  /** Counts one entry. */
  @Override
  public void add(CrawlDatum datum) {
    total++;
    byStatus.merge(datum.getStatus().code(), 1L, Long::sum);
    if (datum.getStatus() == CrawlStatus.DB_GONE) {
      String reason = ProtocolOutput.reasonOf(datum.getMetaString(MetadataKeys.PROTOCOL_STATUS));
      if (reason != null) {
        goneByReason.merge(reason, 1L, Long::sum);
      }
      if (SOFT_404.equals(reason)) {
        soft404++;
      }
    } else if (datum.getStatus() == CrawlStatus.DB_DUPLICATE) {
      DuplicateKind kind = DuplicateKind.of(datum);
      if (kind != null) {
        duplicatesByKind.merge(kind.label(), 1L, Long::sum);
      }
    }
    byRetries.merge((int) datum.getRetries(), 1L, Long::sum);
    byDepth.merge(datum.getDepth(), 1L, Long::sum);
    float score = datum.getScore();
    minScore = Math.min(minScore, score);
    maxScore = Math.max(maxScore, score);
    scoreSum += score;
    if (datum.getMetadata().get(MetadataKeys.PAGE_RANK) instanceof FloatWritable rank) {
      ranked++;
      minRank = Math.min(minRank, rank.get());
      maxRank = Math.max(maxRank, rank.get());
    }
  }

  @Override
  public void merge(CrawlDbStats other) {
    total += other.total;
    other.byStatus.forEach((k, n) -> byStatus.merge(k, n, Long::sum));
    other.byRetries.forEach((k, n) -> byRetries.merge(k, n, Long::sum));
    other.byDepth.forEach((k, n) -> byDepth.merge(k, n, Long::sum));
    minScore = Math.min(minScore, other.minScore);
    maxScore = Math.max(maxScore, other.maxScore);
    scoreSum += other.scoreSum;
    ranked += other.ranked;
    minRank = Math.min(minRank, other.minRank);
    maxRank = Math.max(maxRank, other.maxRank);
    soft404 += other.soft404;
    other.duplicatesByKind.forEach((k, n) -> duplicatesByKind.merge(k, n, Long::sum));
    other.goneByReason.forEach((k, n) -> goneByReason.merge(k, n, Long::sum));
    other.heldBack.forEach((k, n) -> heldBack.merge(k, n, Long::sum));
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeLong(total);
    out.writeInt(byStatus.size());
    for (Map.Entry<Byte, Long> e : byStatus.entrySet()) {
      out.writeByte(e.getKey());
      out.writeLong(e.getValue());
    }
    writeHistogram(out, byRetries);
    writeHistogram(out, byDepth);
    out.writeFloat(minScore);
    out.writeFloat(maxScore);
    out.writeDouble(scoreSum);
    out.writeLong(soft404);
    writeCounts(out, duplicatesByKind);
    writeCounts(out, goneByReason);
    out.writeLong(ranked);
    out.writeFloat(minRank);
    out.writeFloat(maxRank);
    writeCounts(out, heldBack);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    total = in.readLong();
    byStatus.clear();
    for (int n = in.readInt(); n > 0; n--) {
      byStatus.put(in.readByte(), in.readLong());
    }
    readHistogram(in, byRetries);
    readHistogram(in, byDepth);
    minScore = in.readFloat();
    maxScore = in.readFloat();
    scoreSum = in.readDouble();
    soft404 = in.readLong();
    readCounts(in, duplicatesByKind);
    readCounts(in, goneByReason);
    ranked = in.readLong();
    minRank = in.readFloat();
    maxRank = in.readFloat();
    readCounts(in, heldBack);
  }

  private static void writeCounts(DataOutput out, Map<String, Long> counts) throws IOException {
    out.writeInt(counts.size());
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      out.writeUTF(e.getKey());
      out.writeLong(e.getValue());
    }
  }

  private static void readCounts(DataInput in, Map<String, Long> counts) throws IOException {
    counts.clear();
    for (int n = in.readInt(); n > 0; n--) {
      counts.put(in.readUTF(), in.readLong());
    }
  }

  private static void writeHistogram(DataOutput out, Map<Integer, Long> histogram)
      throws IOException {
    out.writeInt(histogram.size());
    for (Map.Entry<Integer, Long> e : histogram.entrySet()) {
      out.writeInt(e.getKey());
      out.writeLong(e.getValue());
    }
  }

  private static void readHistogram(DataInput in, Map<Integer, Long> histogram) throws IOException {
    histogram.clear();
    for (int n = in.readInt(); n > 0; n--) {
      histogram.put(in.readInt(), in.readLong());
    }
  }

  public long total() {
    return total;
  }

  /** Entries with the status, 0 when none. */
  public long count(CrawlStatus status) {
    return byStatus.getOrDefault(status.code(), 0L);
  }

  /** The human table readdb -stats prints. */
  public String table(String crawlDb) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("crawldb %s%n", crawlDb));
    sb.append(String.format("%-22s %10d%n", "total URLs", total));
    sb.append(String.format("status:%n"));
    for (Map.Entry<Byte, Long> e : byStatus.entrySet()) {
      String status = CrawlStatus.label(e.getKey());
      sb.append(String.format("  %-20s %10d%n", status, e.getValue()));
      // the statuses a broad crawl fills: what kind of copy, why gone
      Map<String, Long> split =
          e.getKey() == CrawlStatus.DB_DUPLICATE.code()
              ? duplicatesByKind
              : e.getKey() == CrawlStatus.DB_GONE.code() ? goneByReason : Map.of();
      split.forEach(
          (part, n) -> sb.append(String.format("  %-20s %10d%n", status + ", " + part, n)));
    }
    if (!heldBack.isEmpty()) {
      sb.append(String.format("held back by generate now (db_unfetched, by the hostdb):%n"));
      heldBack.forEach((reason, n) -> sb.append(String.format("  %-20s %10d%n", reason, n)));
    }
    sb.append(String.format("retries:%n"));
    for (Map.Entry<Integer, Long> e : byRetries.entrySet()) {
      sb.append(String.format("  %-20d %10d%n", e.getKey(), e.getValue()));
    }
    sb.append(String.format("depth:%n"));
    for (Map.Entry<Integer, Long> e : byDepth.entrySet()) {
      sb.append(String.format("  %-20d %10d%n", e.getKey(), e.getValue()));
    }
    if (total == 0) {
      sb.append(String.format("score: -%n"));
    } else {
      sb.append(
          String.format(
              "score: min %.4f  avg %.4f  max %.4f%n", minScore, scoreSum / total, maxScore));
    }
    if (ranked > 0) {
      // ranks are in units of the average page's: their average over the ranked pages is 1
      sb.append(
          String.format("pagerank: %d ranked  min %.4f  max %.4f%n", ranked, minRank, maxRank));
    }
    return sb.toString();
  }

  /**
   * The same as one JSON object (readdb -stats -json); score values are null for an empty crawldb.
   */
  public String json(String crawlDb) throws IOException {
    StringWriter out = new StringWriter();
    JsonOutput json = new JsonOutput(out);
    json.beginObject();
    json.name("crawldb").value(crawlDb);
    json.name("total").value(total);
    json.name("status").beginObject();
    for (Map.Entry<Byte, Long> e : byStatus.entrySet()) {
      json.name(CrawlStatus.label(e.getKey())).value(e.getValue());
    }
    json.endObject();
    if (soft404 > 0) {
      json.name("soft404").value(soft404);
    }
    writeCounts(json.name("duplicates"), duplicatesByKind);
    writeCounts(json.name("goneReasons"), goneByReason);
    if (!heldBack.isEmpty()) {
      writeCounts(json.name("heldBack"), heldBack);
    }
    writeHistogram(json.name("retries"), byRetries);
    writeHistogram(json.name("depth"), byDepth);
    json.name("score").beginObject();
    if (total == 0) {
      json.name("min").nullValue().name("avg").nullValue().name("max").nullValue();
    } else {
      json.name("min")
          .value(minScore)
          .name("avg")
          .value(scoreSum / total)
          .name("max")
          .value(maxScore);
    }
    json.endObject();
    if (ranked > 0) {
      json.name("pagerank").beginObject();
      json.name("ranked").value(ranked).name("min").value(minRank).name("max").value(maxRank);
      json.endObject();
    }
    json.endObject().newLine();
    return out.toString();
  }

  private static void writeCounts(JsonOutput json, Map<String, Long> counts) throws IOException {
    json.beginObject();
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      json.name(e.getKey()).value(e.getValue());
    }
    json.endObject();
  }

  private static void writeHistogram(JsonOutput json, Map<Integer, Long> histogram)
      throws IOException {
    json.beginObject();
    for (Map.Entry<Integer, Long> e : histogram.entrySet()) {
      json.name(String.valueOf(e.getKey())).value(e.getValue());
    }
    json.endObject();
  }
}
