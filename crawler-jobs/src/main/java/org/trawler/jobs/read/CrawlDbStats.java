package org.trawler.jobs.read;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;
import java.util.TreeMap;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.io.JsonOutput;

/** readdb -stats: counts per status, retries and depth, and the score range, of a crawldb. */
public final class CrawlDbStats {
  private long total;
  private final Map<Byte, Long> byStatus = new TreeMap<>();
  private final Map<Integer, Long> byRetries = new TreeMap<>();
  private final Map<Integer, Long> byDepth = new TreeMap<>();
  private float minScore = Float.POSITIVE_INFINITY;
  private float maxScore = Float.NEGATIVE_INFINITY;
  private double scoreSum;

  /** Counts one entry. */
  public void add(CrawlDatum datum) {
    total++;
    byStatus.merge(datum.getStatus(), 1L, Long::sum);
    byRetries.merge((int) datum.getRetries(), 1L, Long::sum);
    byDepth.merge(datum.getDepth(), 1L, Long::sum);
    float score = datum.getScore();
    minScore = Math.min(minScore, score);
    maxScore = Math.max(maxScore, score);
    scoreSum += score;
  }

  public long total() {
    return total;
  }

  /** Entries with the status, 0 when none. */
  public long count(byte status) {
    return byStatus.getOrDefault(status, 0L);
  }

  /** The human table readdb -stats prints. */
  public String table(String crawlDb) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("crawldb %s%n", crawlDb));
    sb.append(String.format("%-22s %10d%n", "total URLs", total));
    sb.append(String.format("status:%n"));
    for (Map.Entry<Byte, Long> e : byStatus.entrySet()) {
      sb.append(String.format("  %-20s %10d%n", CrawlStatus.name(e.getKey()), e.getValue()));
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
      json.name(CrawlStatus.name(e.getKey())).value(e.getValue());
    }
    json.endObject();
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
    json.endObject().newLine();
    return out.toString();
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
