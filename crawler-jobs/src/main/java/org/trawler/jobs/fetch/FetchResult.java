package org.trawler.jobs.fetch;

import java.util.List;
import org.apache.hadoop.mapreduce.Counters;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.Reason;

/**
 * What a fetch did, as the round driver needs it: how many pages came with new content, and what it
 * learnt about hosts that only the host database keeps (hosts pushing back, soft-404 probes).
 *
 * @param newPages URLs fetched with content (fetch_success)
 * @param pushedBack fetches a host refused or that waited for a host's backoff (429, 503,
 *     host_backoff)
 * @param soft404Probes soft-404 probes asked
 */
public record FetchResult(long newPages, long pushedBack, long soft404Probes) {

  /** The fetch reasons that show a host pushing back. */
  public static final List<String> PUSHBACK_REASONS =
      List.of(Reason.HTTP.nameFor(429), Reason.HTTP.nameFor(503), Reason.HOST_BACKOFF.nameFor(0));

  /** The result of the fetch job with these counters. */
  public static FetchResult of(Counters counters) {
    long pushedBack = 0;
    for (String reason : PUSHBACK_REASONS) {
      pushedBack += counters.findCounter(FetchCounter.REASONS_GROUP, reason).getValue();
    }
    return new FetchResult(
        counters.findCounter(FetchCounter.GROUP, CrawlStatus.FETCH_SUCCESS.label()).getValue(),
        pushedBack,
        FetchCounter.SOFT404_PROBES.valueIn(counters));
  }

  /**
   * Whether the host database must be updated for what this fetch learnt: a host's backoff holds in
   * the next rounds, a host's answer to the soft-404 probe is kept only there.
   */
  public boolean learntAboutHosts() {
    return pushedBack > 0 || soft404Probes > 0;
  }
}
