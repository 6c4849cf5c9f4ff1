package org.trawler.jobs.dedup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/**
 * Whether the crawldb a job writes can hold a pair for dedup, told by that job (updatedb) in its
 * own shuffle, so that a round pays no dedup job when none can. Its map sends every version of a
 * page it sees with a signature or a fingerprint (the crawldb entry's, the fetch's and the one this
 * round's parse brings) under one check key per signature and one per band of the fingerprint, the
 * near step's buckets ({@link NearDuplicates}); its reduce asks of each such group whether two
 * different URLs in it share the signature or lie within dedup.near.distance bits. A page's new
 * entry takes its signature and its fingerprint from one of the versions sent, so every pair dedup
 * could find lies in one group: when no group {@link #holdsPair holds one}, and the crawldb has no
 * earlier mark to judge, dedup would leave the crawldb as it is. A bucket larger than
 * dedup.near.bucket.max counts as holding a pair without being compared.
 */
public final class CandidatePairs {
  /**
   * Check keys start with this byte, then the dedup job's own group key ({@link
   * DeduplicationJob#signatureKey}, {@link DeduplicationJob#bucketKey}): never a URL's, and apart
   * from updatedb's host count keys.
   */
  private static final byte[] MARK = {2};

  /** The URL a version belongs to, in the check record's metadata. */
  private static final Text URL = new Text("_pairurl_");

  private final NearDuplicates near;
  private final int bucketMax;
  private final Text key = new Text();
  private final byte[] bucket = new byte[DeduplicationJob.BUCKET_KEY_LENGTH];

  /** Emits one record of the job's map output. */
  @FunctionalInterface
  public interface Out {
    void write(Text key, CrawlDatum value) throws IOException, InterruptedException;
  }

  /** The check for dedup's settings in {@code conf} (dedup.near.distance -1: signatures only). */
  public CandidatePairs(Configuration conf) {
    int distance = Settings.getInt(conf, DedupKeys.NEAR_DISTANCE, DedupKeys.DEFAULT_NEAR_DISTANCE);
    near = distance >= 0 ? new NearDuplicates(distance) : null;
    bucketMax =
        Settings.getInt(
            conf,
            DedupKeys.NEAR_BUCKET_MAX,
            DedupKeys.DEFAULT_NEAR_BUCKET_MAX,
            2,
            Integer.MAX_VALUE);
  }

  /** Whether a map output key is a check key (its group is this check's, not a URL's). */
  public static boolean isKey(Text key) {
    return key.getLength() > 0 && key.getBytes()[0] == MARK[0];
  }

  /**
   * Sends a version of {@code url}'s page: under its signature's key, and with the near step on
   * under each band of its fingerprint; a version with neither sends nothing.
   */
  public void send(String url, CrawlDatum page, Out out) throws IOException, InterruptedException {
    boolean hasFingerprint =
        near != null && page.getMetadata().containsKey(MetadataKeys.FINGERPRINT);
    if (page.getSignature() == null && !hasFingerprint) {
      return;
    }
    CrawlDatum version = new CrawlDatum(CrawlStatus.SIGNATURE, 0, 0f);
    version.putMeta(URL, url);
    if (page.getSignature() != null) {
      write(DeduplicationJob.signatureKey(page.getSignature()), version, out);
    }
    if (!hasFingerprint) {
      return;
    }
    long fingerprint = DuplicateChoice.fingerprint(page);
    version.putMeta(MetadataKeys.FINGERPRINT, fingerprint);
    for (int band = 0; band < near.bands(); band++) {
      write(
          DeduplicationJob.bucketKey(bucket, band, near.bandBits(fingerprint, band)), version, out);
    }
  }

  /** Writes {@code version} under the check key of the dedup job's group key {@code group}. */
  private void write(byte[] group, CrawlDatum version, Out out)
      throws IOException, InterruptedException {
    key.set(MARK);
    key.append(group, 0, group.length);
    out.write(key, version);
  }

  /**
   * Whether the versions sent under one check key hold a pair dedup could mark: two different URLs
   * with that signature, or in that bucket two within the near distance (or more versions than
   * dedup.near.bucket.max, not compared).
   */
  public boolean holdsPair(Text checkKey, Iterable<CrawlDatum> versions) {
    boolean signature = checkKey.getBytes()[1] == DeduplicationJob.SIGNATURE_GROUP;
    List<String> urls = new ArrayList<>();
    List<Long> fingerprints = new ArrayList<>();
    for (CrawlDatum v : versions) {
      String url = v.getMetaString(URL);
      long fingerprint = DuplicateChoice.fingerprint(v);
      for (int i = 0; i < urls.size(); i++) {
        if (!urls.get(i).equals(url)
            && (signature || near.near(fingerprints.get(i), fingerprint))) {
          return true;
        }
      }
      if (urls.size() == bucketMax) {
        return true;
      }
      urls.add(url);
      fingerprints.add(fingerprint);
    }
    return false;
  }
}
