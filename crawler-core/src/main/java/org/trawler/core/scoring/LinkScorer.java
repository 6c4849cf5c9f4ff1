package org.trawler.core.scoring;

import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;
import org.trawler.core.net.URLParts;

/**
 * OPIC-style link scoring: a page hands its score on to its outlinks in equal shares, scaled by
 * db.score.link.internal (same host) or db.score.link.external (other host); updatedb adds up the
 * shares a URL receives. Outlinks are one link further from the seeds than their page.
 */
public class LinkScorer {
  /** The score of a page whose content carries none. */
  public static final float DEFAULT_PAGE_SCORE = 1.0f;

  private final float internalFactor;
  private final float externalFactor;

  public LinkScorer(float internalFactor, float externalFactor) {
    this.internalFactor = internalFactor;
    this.externalFactor = externalFactor;
  }

  public LinkScorer(Configuration conf) {
    this(
        Settings.getFloat(conf, ScoringKeys.LINK_INTERNAL, ScoringKeys.DEFAULT_LINK_INTERNAL),
        Settings.getFloat(conf, ScoringKeys.LINK_EXTERNAL, ScoringKeys.DEFAULT_LINK_EXTERNAL));
  }

  /**
   * The page's score when it was fetched (Content meta "score"); 1.0 when absent or not a number.
   */
  public static float pageScore(Content content) {
    String value = content.getMeta().get(Content.META_SCORE);
    if (value != null) {
      try {
        float score = Float.parseFloat(value.trim());
        if (Float.isFinite(score)) {
          return score;
        }
      } catch (NumberFormatException e) {
        // fall through to the default
      }
    }
    return DEFAULT_PAGE_SCORE;
  }

  /** The page's depth (Content meta "depth"); 0 when absent or not a number. */
  public static int pageDepth(Content content) {
    String value = content.getMeta().get(Content.META_DEPTH);
    if (value != null) {
      try {
        return Integer.parseInt(value.trim());
      } catch (NumberFormatException e) {
        // fall through to the default
      }
    }
    return 0;
  }

  /** The depth of the page's outlinks: one more than the page's. */
  public static int outlinkDepth(Content content) {
    return pageDepth(content) + 1;
  }

  /**
   * The share of {@code pageScore} that one of the page's {@code outlinkCount} outlinks, to {@code
   * toUrl}, gets.
   */
  public float share(String pageUrl, float pageScore, int outlinkCount, String toUrl) {
    if (outlinkCount <= 0) {
      return 0f;
    }
    return share(
        pageScore, outlinkCount, Objects.equals(URLParts.host(pageUrl), URLParts.host(toUrl)));
  }

  private float share(float pageScore, int outlinkCount, boolean internal) {
    return pageScore / outlinkCount * (internal ? internalFactor : externalFactor);
  }

  /** Each outlink's share of the page's score, in the outlinks' order. */
  public float[] shares(String pageUrl, float pageScore, List<Outlink> outlinks) {
    float[] shares = new float[outlinks.size()];
    boolean compareHosts = internalFactor != externalFactor; // equal by default: no host needed
    String pageHost = compareHosts ? URLParts.host(pageUrl) : null;
    for (int i = 0; i < shares.length; i++) {
      boolean internal =
          !compareHosts || Objects.equals(pageHost, URLParts.host(outlinks.get(i).getToUrl()));
      shares[i] = share(pageScore, shares.length, internal);
    }
    return shares;
  }
}
