package org.trawler.core.net;

import org.apache.hadoop.conf.Configuration;

/**
 * Which links may enter the crawldb by their source and target hosts: {@code
 * db.ignore.external.links} drops links to other hosts, {@code db.ignore.internal.links} links to
 * the same host. Decided where the source is known: parse (outlinks) and updatedb (redirects).
 */
public final class LinkPolicy {
  private final boolean ignoreExternal;
  private final boolean ignoreInternal;

  public LinkPolicy(boolean ignoreExternal, boolean ignoreInternal) {
    this.ignoreExternal = ignoreExternal;
    this.ignoreInternal = ignoreInternal;
  }

  public static LinkPolicy from(Configuration conf) {
    return new LinkPolicy(
        conf.getBoolean(NetKeys.IGNORE_EXTERNAL_LINKS, NetKeys.DEFAULT_IGNORE_EXTERNAL_LINKS),
        conf.getBoolean(NetKeys.IGNORE_INTERNAL_LINKS, NetKeys.DEFAULT_IGNORE_INTERNAL_LINKS));
  }

  /** True when the link from {@code fromUrl} to {@code toUrl} may be followed. */
  public boolean accept(String fromUrl, String toUrl) {
    return !isActive() || acceptHosts(URLParts.host(fromUrl), URLParts.host(toUrl));
  }

  /**
   * True when a link between these two (lower-case) hosts may be followed; without both hosts, only
   * when the policy is off.
   */
  public boolean acceptHosts(String fromHost, String toHost) {
    if (fromHost == null || toHost == null || fromHost.isEmpty() || toHost.isEmpty()) {
      return !isActive(); // the policy cannot be checked, so the link cannot be shown to pass it
    }
    return fromHost.equals(toHost) ? !ignoreInternal : !ignoreExternal;
  }

  /** True when the policy drops some links (so callers may skip working out hosts otherwise). */
  public boolean isActive() {
    return ignoreExternal || ignoreInternal;
  }
}
