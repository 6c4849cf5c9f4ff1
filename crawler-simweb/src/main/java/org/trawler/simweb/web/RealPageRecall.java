package org.trawler.simweb.web;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.URLParts;

/**
 * Where the real pages a crawl never fetched stand when it stops. Pending: waiting in the crawldb
 * as db_unfetched (not generated yet, skipped for now, or put back as a retry behind its host's
 * backoff), or not discovered yet on a host whose crawldb URLs still wait (its pages link it: a
 * host backed off after its first pages). Lost for good: anything else, not in the crawldb on a
 * host with nothing waiting, or there under a status no round fetches soon (gone, duplicate, a
 * redirect). Issue 38 §3: a real page is never lost for good.
 *
 * @param missed real pages of the web never fetched at their own URL
 * @param pendingByReason those pending, by {@link #WAITING} or {@link #UNDISCOVERED}
 * @param lostByStatus the rest by what the crawldb holds ({@link #ABSENT}: nothing), in name order
 * @param lost the URLs of the rest, each with what the crawldb holds, in URL order
 */
public record RealPageRecall(
    long missed,
    Map<String, Long> pendingByReason,
    Map<String, Long> lostByStatus,
    List<String> lost) {
  /** A lost page the crawldb does not hold. */
  public static final String ABSENT = "absent";

  /** A pending page the crawldb holds as db_unfetched. */
  public static final String WAITING = "db_unfetched";

  /** A pending page the crawldb does not hold yet, on a host with URLs waiting there. */
  public static final String UNDISCOVERED = "host_waiting";

  /** Real pages that a later round still fetches or discovers. */
  public long pending() {
    long n = 0;
    for (long c : pendingByReason.values()) {
      n += c;
    }
    return n;
  }

  /** Real pages lost for good. */
  public long lostCount() {
    return missed - pending();
  }

  /** The URLs of the real pages of {@code web} not in {@code fetched} (global ids), in id order. */
  public static List<String> missedUrls(BroadWeb web, Set<Integer> fetched) {
    List<String> urls = new ArrayList<>();
    for (int id = 0; id < web.realPages(); id++) {
      if (!fetched.contains(id)) {
        urls.add(web.url(id));
      }
    }
    return urls;
  }

  /**
   * The recall of the missed real pages {@code missedUrls}, given the crawldb's status of those it
   * holds ({@code crawlDb}: URL → status; a URL it does not hold is absent) and the hosts with
   * db_unfetched URLs in it ({@code waitingHosts}).
   */
  public static RealPageRecall of(
      List<String> missedUrls, Map<String, CrawlStatus> crawlDb, Set<String> waitingHosts) {
    Map<String, Long> pending = new TreeMap<>();
    Map<String, Long> byStatus = new TreeMap<>();
    List<String> lost = new ArrayList<>();
    for (String url : missedUrls) {
      CrawlStatus s = crawlDb.get(url);
      if (s == CrawlStatus.DB_UNFETCHED) {
        pending.merge(WAITING, 1L, Long::sum);
        continue;
      }
      if (s == null && waitingHosts.contains(URLParts.host(url))) {
        pending.merge(UNDISCOVERED, 1L, Long::sum);
        continue;
      }
      String status = s == null ? ABSENT : s.name().toLowerCase(Locale.ROOT);
      byStatus.merge(status, 1L, Long::sum);
      lost.add(url + " " + status);
    }
    lost.sort(null);
    return new RealPageRecall(
        missedUrls.size(),
        Collections.unmodifiableMap(pending),
        Collections.unmodifiableMap(byStatus),
        List.copyOf(lost));
  }
}
