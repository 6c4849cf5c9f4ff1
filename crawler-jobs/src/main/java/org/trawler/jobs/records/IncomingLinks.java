package org.trawler.jobs.records;

import java.util.Map;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/**
 * The links a URL received in this update, summed as they stream past: a popular URL's million
 * linked datums cost three numbers, not a million objects.
 *
 * <p>The one rule for merging linked datums: updatedb applies it to a URL's links, and a parse task
 * applies it to the links its pages make to a URL before writing crawl_parse ({@link
 * #toLinkedDatum}), so that updatedb makes the same crawldb entry from the combined datum as from
 * the links one by one: score shares summed (OPIC), the smallest depth, the newest feed item date,
 * the earliest time. Other metadata of a linked datum is not read by updatedb and not kept.
 */
public final class IncomingLinks {
  private double score;
  private int minDepth = Integer.MAX_VALUE;
  private long count;
  private long newestFeedItem;
  private long earliest = Long.MAX_VALUE;

  /** The largest topic relevance of the links, NaN while none carried one. */
  private float topic = Float.NaN;

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
    if (linked.getMetadata().get(MetadataKeys.TOPIC_SCORE) instanceof FloatWritable relevance) {
      topic = Float.isNaN(topic) ? relevance.get() : Math.max(topic, relevance.get());
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
    if (!Float.isNaN(topic)) {
      datum.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(topic));
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

  /** The largest topic relevance the links carried, or NaN when none carried one. */
  public float topic() {
    return topic;
  }

  /**
   * Credits the links to {@code datum}: score plus the shares (OPIC), depth lowered to the links',
   * topic relevance raised to the links' largest.
   */
  public void creditTo(CrawlDatum datum) {
    if (isEmpty()) {
      return;
    }
    datum.setScore(datum.getScore() + score());
    lowerDepth(datum, minDepth());
    raiseTopic(datum, topic);
  }

  /** Sets the datum's topic relevance to {@code relevance} when that is larger (NaN: none). */
  static void raiseTopic(CrawlDatum datum, float relevance) {
    if (Float.isNaN(relevance)) {
      return;
    }
    Writable current = datum.getMetadata().get(MetadataKeys.TOPIC_SCORE);
    if (!(current instanceof FloatWritable f) || relevance > f.get()) {
      datum.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(relevance));
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
