package org.trawler.jobs.update;

import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/**
 * The links a URL received in this update, summed as they stream past: a popular URL's million
 * linked datums cost three numbers, not a million objects.
 */
public final class IncomingLinks {
  private double score;
  private int minDepth = Integer.MAX_VALUE;
  private long count;
  private long newestFeedItem;

  /** Adds one linked datum: its score share and its depth ({@code _depth_}, if it has one). */
  public void add(CrawlDatum linked) {
    score += linked.getScore();
    int depth = linked.getMetaInt(MetadataKeys.DEPTH, -1);
    if (depth >= 0) {
      minDepth = Math.min(minDepth, depth);
    }
    newestFeedItem = Math.max(newestFeedItem, linked.getMetaLong(MetadataKeys.FEED_ITEM, 0));
    count++;
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
   * Credits the links to {@code datum}: score plus the shares (OPIC), depth lowered to the links'.
   */
  void creditTo(CrawlDatum datum) {
    if (isEmpty()) {
      return;
    }
    datum.setScore(datum.getScore() + score());
    lowerDepth(datum, minDepth());
  }

  /**
   * Sets the datum's depth to {@code depth} when it has none or a larger one (-1 = no depth to
   * offer).
   */
  static void lowerDepth(CrawlDatum datum, int depth) {
    if (depth < 0) {
      return;
    }
    int current = datum.getMetaInt(MetadataKeys.DEPTH, -1);
    if (current < 0 || depth < current) {
      datum.setDepth(depth);
    }
  }
}
