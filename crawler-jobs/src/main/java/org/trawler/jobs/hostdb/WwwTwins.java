package org.trawler.jobs.hostdb;

import java.util.HashSet;
import java.util.Set;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.URLParts;

/**
 * Learns, across the crawl, whether a name's pages are served by its {@code www.} host: most sites
 * answer {@code example.com/} with a redirect to {@code www.example.com/}, and a broad crawl meets
 * each bare name once (one link to its home page), so no host's own record could ever teach it. The
 * evidence is the hostdb's records: a name whose crawldb URLs only redirected while its {@code
 * www.} host served pages; a name that served pages of its own while its {@code www.} host did too
 * is counter-evidence. With at least {@code minEvidence} such redirecting names and more of them
 * than counter-examples, every name that served no page itself is held back when its {@code www.}
 * host served pages or was not fetched yet: its URLs wait in the crawldb and their twins on the
 * {@code www.} host are fetched instead. A name whose {@code www.} host only redirected (the site
 * lives on the bare name) or only failed is released, as is one that served a page: nothing waits
 * for a host that cannot answer for it.
 */
public final class WwwTwins {
  static final String WWW = "www.";

  /** Learnt nothing: no name is held back. */
  public static final WwwTwins NONE = new WwwTwins(Set.of(), 0, 0);

  /** The hostdb's records, read one by one: which names and www hosts served or redirected. */
  public static final class Tally {
    private final Set<String> wwwServing = new HashSet<>(); // names whose www. host served pages
    private final Set<String> wwwUnfetched = new HashSet<>(); // names whose www. host waits
    private final Set<String> redirecting = new HashSet<>(); // names that only redirected
    private final Set<String> serving = new HashSet<>(); // names (not www.) that served pages

    /** One host's record. */
    public void add(String host, HostDatum record) {
      if (host == null || host.isEmpty()) {
        return;
      }
      boolean served =
          count(record, CrawlStatus.DB_FETCHED) > 0
              || count(record, CrawlStatus.DB_NOTMODIFIED) > 0
              || count(record, CrawlStatus.DB_DUPLICATE) > 0;
      if (host.startsWith(WWW)) {
        String name = host.substring(WWW.length());
        if (served) {
          wwwServing.add(name);
        } else if (record.getFetched() + record.getGone() + record.getRetry() == 0) {
          wwwUnfetched.add(name);
        }
      } else if (served) {
        serving.add(host);
      } else if (count(record, CrawlStatus.DB_REDIR_PERM) > 0
          || count(record, CrawlStatus.DB_REDIR_TEMP) > 0) {
        redirecting.add(host);
      }
    }

    private static long count(HostDatum record, CrawlStatus status) {
      return record.getUrlsByStatus().getOrDefault(status.code(), 0L);
    }

    /** What the tally teaches with {@code minEvidence} (0: learn nothing). */
    public WwwTwins judge(int minEvidence) {
      if (minEvidence <= 0) {
        return NONE;
      }
      int evidence = 0;
      for (String name : redirecting) {
        evidence += wwwServing.contains(name) ? 1 : 0;
      }
      int counter = 0;
      for (String name : serving) {
        counter += wwwServing.contains(name) ? 1 : 0;
      }
      if (evidence < minEvidence || evidence <= counter) {
        return new WwwTwins(Set.of(), evidence, counter);
      }
      Set<String> held = new HashSet<>(wwwServing);
      held.addAll(wwwUnfetched);
      held.removeAll(serving);
      return new WwwTwins(Set.copyOf(held), evidence, counter);
    }
  }

  private final Set<String> held;
  private final int evidence;
  private final int counterEvidence;

  private WwwTwins(Set<String> held, int evidence, int counterEvidence) {
    this.held = held;
    this.evidence = evidence;
    this.counterEvidence = counterEvidence;
  }

  /** Whether no name is held back. */
  public boolean isEmpty() {
    return held.isEmpty();
  }

  /** Names that only redirected while their www. host served pages. */
  public int evidence() {
    return evidence;
  }

  /** Names that served pages while their www. host did too. */
  public int counterEvidence() {
    return counterEvidence;
  }

  /** The www. host whose pages {@code host}'s URLs are held back for, or null. */
  public String twinHost(String host) {
    return host != null && held.contains(host) ? WWW + host : null;
  }

  /** {@code url} on its host's www. twin (same scheme, port, path and query), or null. */
  public String twinUrl(String url) {
    String twin = held.isEmpty() ? null : twinHost(URLParts.host(url));
    return twin == null ? null : URLParts.replaceHost(url, twin);
  }
}
