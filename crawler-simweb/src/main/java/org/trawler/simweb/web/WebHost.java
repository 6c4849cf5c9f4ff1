package org.trawler.simweb.web;

import java.util.Set;

/**
 * One host of the broad web, by name.
 *
 * @param index its place in {@link BroadWeb#hosts()}
 * @param address the loopback address it shares with other hosts, e.g. 127.77.0.3
 * @param role what it serves
 * @param origin for a mirror, the host whose pages it serves again; for a bare domain, its www
 *     host; otherwise itself
 * @param pages real pages (content hosts only)
 * @param firstPage the global id of its page 0 (content hosts only)
 * @param queryUrls whether its pages are {@code /item?id=N} rather than {@code /p/N.html}
 * @param visitParam the parameter name of its visit ids
 * @param repeatSegment the segment of its repeating relative link
 */
public record WebHost(
    int index,
    String name,
    String address,
    Role role,
    int origin,
    int pages,
    int firstPage,
    boolean queryUrls,
    Set<HostTrait> traits,
    String visitParam,
    String repeatSegment) {

  /** What a host serves. */
  public enum Role {
    /** Its own real pages. */
    CONTENT,
    /** A bare domain: every path redirects to the same path on its www host. */
    BARE,
    /** Another host's pages again, at the same paths. */
    MIRROR
  }

  public boolean has(HostTrait trait) {
    return traits.contains(trait);
  }

  /** The path and query of real page {@code n} of this host. */
  public String pagePath(int n) {
    if (n == 0) {
      return "/";
    }
    return queryUrls ? "/item?id=" + n : "/p/" + n + ".html";
  }
}
