package org.trawler.jobs.records;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.scoring.LinkedScore;
import org.trawler.core.scoring.ScoringFilters;

/**
 * The links a URL received in this update, summed as they stream past: a popular URL's million
 * linked datums cost three numbers, not a million objects.
 *
 * <p>The one rule for merging linked datums: updatedb applies it to a URL's links, and a parse task
 * applies it to the links its pages make to a URL before writing crawl_parse ({@link
 * #toLinkedDatum}), so that updatedb makes the same crawldb entry from the combined datum as from
 * the links one by one: score shares summed (OPIC), the smallest depth, the newest feed item date,
 * the earliest time, and the values scoring filters pass to outlinks merged by each filter's own
 * rule ({@link ScoringFilters#LINKED_SCORES}). Other metadata of a linked datum is not read by
 * updatedb and not kept.
 */
public final class IncomingLinks {
  private double score;
  private int minDepth = Integer.MAX_VALUE;
  private long count;
  private long newestFeedItem;
  private long earliest = Long.MAX_VALUE;

  private static final List<LinkedScore> SCORES = ScoringFilters.LINKED_SCORES;

  /** The links' merged value of each of {@link #SCORES}, NaN while none carried one. */
  private final float[] scores = new float[SCORES.size()];

  public IncomingLinks() {
    Arrays.fill(scores, Float.NaN);
  }

  /**
   * Adds one linked datum, or a combined one ({@link #toLinkedDatum}): its score share, its depth
   * ({@code _depth_}, if it has one), its feed item date and its time.
   */
  public void add(CrawlDatum linked) {
    if (linked.getMetadata().size() == 1) {
      // its one entry read as it is: a look-up hashes the key and compares its bytes
      Map.Entry<Text, Writable> only = linked.getMetadata().entrySet().iterator().next();
      if ((only.getKey() == MetadataKeys.DEPTH || only.getKey().equals(MetadataKeys.DEPTH))
          && only.getValue() instanceof IntWritable depth) {
        addParsedLink(linked, depth.get());
        return;
      }
    }
    score +=
        linked.getMetadata().containsKey(MetadataKeys.LINK_SCORE_SUM)
            ? Double.longBitsToDouble(linked.getMetaLong(MetadataKeys.LINK_SCORE_SUM, 0))
            : linked.getScore();
    int depth = linked.getMetaInt(MetadataKeys.DEPTH, -1);
    if (depth >= 0) {
      minDepth = Math.min(minDepth, depth);
    }
    newestFeedItem = Math.max(newestFeedItem, linked.getMetaLong(MetadataKeys.FEED_ITEM, 0));
    earliest = Math.min(earliest, linked.getFetchTime());
    for (int i = 0; i < scores.length; i++) {
      if (linked.getMetadata().get(SCORES.get(i).key()) instanceof FloatWritable v) {
        scores[i] = Float.isNaN(scores[i]) ? v.get() : SCORES.get(i).merge(scores[i], v.get());
      }
    }
    count += Math.max(1, linked.getMetaLong(MetadataKeys.LINK_COUNT, 1));
  }

  /**
   * Adds a link as a parse writes it, with its depth and nothing else in its metadata: the general
   * rule's result without its four look-ups of keys it cannot have ({@code _links_} and {@code
   * _depth_} share a bucket of a datum's small map, so one of them compared the keys' bytes), once
   * per link of every page.
   */
  private void addParsedLink(CrawlDatum linked, int depth) {
    score += linked.getScore();
    if (depth >= 0) {
      minDepth = Math.min(minDepth, depth);
    }
    earliest = Math.min(earliest, linked.getFetchTime());
    count++;
  }

  /**
   * One linked datum standing for every link added: the links' score sum (with its exact value in
   * {@link MetadataKeys#LINK_SCORE_SUM} when it stands for more than one), the smallest depth, the
   * newest feed item date, the earliest time, and how many links ({@link MetadataKeys#LINK_COUNT}).
   * A single link's datum comes back as it was written (status, score, time, depth, feed item).
   */
  public CrawlDatum toLinkedDatum() {
    CrawlDatum datum = new CrawlDatum();
    datum.setStatus(CrawlStatus.LINKED);
    datum.setScore(score());
    datum.setFetchTime(earliest == Long.MAX_VALUE ? 0 : earliest);
    if (minDepth != Integer.MAX_VALUE) {
      datum.setDepth(minDepth);
    }
    if (newestFeedItem > 0) {
      datum.putMeta(MetadataKeys.FEED_ITEM, newestFeedItem);
    }
    for (int i = 0; i < scores.length; i++) {
      if (!Float.isNaN(scores[i])) {
        datum.getMetadata().put(SCORES.get(i).key(), new FloatWritable(scores[i]));
      }
    }
    if (count > 1) {
      datum.putMeta(MetadataKeys.LINK_COUNT, count);
      datum.putMeta(MetadataKeys.LINK_SCORE_SUM, Double.doubleToLongBits(score));
    }
    return datum;
  }

  public boolean isEmpty() {
    return count == 0;
  }

  public long count() {
    return count;
  }

  /** The sum of the links' score shares. */
  public float score() {
    return (float) score;
  }

  /** The smallest depth of the links, or -1 when none carried one. */
  public int minDepth() {
    return minDepth == Integer.MAX_VALUE ? -1 : minDepth;
  }

  /** The newest date of the feed items among the links, ms epoch; 0 when none came from a feed. */
  public long newestFeedItem() {
    return newestFeedItem;
  }

  /**
   * Credits the links to {@code datum}: score plus the shares (OPIC), depth lowered to the links',
   * and each value scoring filters pass to outlinks merged with the datum's by its filter's rule.
   */
  public void creditTo(CrawlDatum datum) {
    if (isEmpty()) {
      return;
    }
    datum.setScore(datum.getScore() + score());
    lowerDepth(datum, minDepth());
    for (int i = 0; i < scores.length; i++) {
      if (!Float.isNaN(scores[i])) {
        LinkedScore s = SCORES.get(i);
        float merged =
            datum.getMetadata().get(s.key()) instanceof FloatWritable current
                ? s.merge(current.get(), scores[i])
                : scores[i];
        datum.getMetadata().put(s.key(), new FloatWritable(merged));
      }
    }
  }

  /**
   * Sets the datum's depth to {@code depth} when it has none or a larger one (-1 = no depth to
   * offer).
   */
  public static void lowerDepth(CrawlDatum datum, int depth) {
    if (depth < 0) {
      return;
    }
    int current = datum.getMetaInt(MetadataKeys.DEPTH, -1);
    if (current < 0 || depth < current) {
      datum.setDepth(depth);
    }
  }
}
