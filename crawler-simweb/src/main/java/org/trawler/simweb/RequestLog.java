package org.trawler.simweb;

/**
 * What a {@link SimWebServer} was asked, host by host: one {@link HostRequestLog} per host of its
 * site, counted from the server's start.
 */
public final class RequestLog {
  private final SiteModel site;
  private final HostRequestLog[] hosts;

  /**
   * Logs for every host of {@code site}, each remembering its last {@code recentPerHost} requests.
   */
  RequestLog(SiteModel site, int recentPerHost) {
    this.site = site;
    this.hosts = new HostRequestLog[site.hosts()];
    for (int h = 0; h < hosts.length; h++) {
      hosts[h] = new HostRequestLog(site.pagesPerHost(), recentPerHost);
    }
  }

  /** The log of host i. */
  public HostRequestLog host(int host) {
    if (host < 0 || host >= hosts.length) {
      throw new IllegalArgumentException("host " + host + " is not in 0.." + (hosts.length - 1));
    }
    return hosts[host];
  }

  /** The log of one host by its address, e.g. "127.0.0.2". */
  public HostRequestLog host(String address) {
    int host = site.hostIndex(address);
    if (host < 0) {
      throw new IllegalArgumentException(address + " is not a host of this simweb");
    }
    return hosts[host];
  }

  /** How often one URL of the site (home, robots.txt or a page) was asked for. */
  public int count(String url) {
    SiteModel.Page at = site.locate(url);
    return at.page() == SiteModel.UNKNOWN_PAGE ? 0 : hosts[at.host()].count(at.page());
  }

  /** All requests served by all hosts. */
  public long total() {
    long total = 0;
    for (HostRequestLog h : hosts) {
      total += h.total();
    }
    return total;
  }

  /** Forgets all counts and logged requests, e.g. between two phases of a test. */
  public void clear() {
    for (HostRequestLog h : hosts) {
      h.clear();
    }
  }
}
