package org.trawler.core.net;

import crawlercommons.domains.EffectiveTldFinder;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;

/**
 * What URLs are kept together as one server: their host, their registered domain or their IP
 * address. Generate partitions fetch lists and counts per host by it, the fetcher names its
 * politeness queues by it: both must call the same function, or two hosts generate put in one fetch
 * list as one server land in two queues and are hit in parallel.
 */
public enum HostGroup {
  HOST("byHost"),
  DOMAIN("byDomain"),
  IP("byIP");

  private final String byName;

  HostGroup(String byName) {
    this.byName = byName;
  }

  /** The group of a lower-case host; {@code addresses} answers for {@link #IP}. */
  public String of(String host, HostAddresses addresses) {
    switch (this) {
      case DOMAIN:
        return domainOf(host);
      case IP:
        return host.isEmpty() ? host : addresses.addressOf(host);
      default:
        return host;
    }
  }

  /** The group of a URL's host; a URL without an authority is in the group "". */
  public String ofUrl(String url, HostAddresses addresses) {
    String host = URLParts.host(url);
    return host == null ? "" : of(host, addresses);
  }

  /**
   * The registered domain of a lower-case host (a.example.co.uk → example.co.uk) by the public
   * suffix list, its private section included: a.blogspot.com and b.blogspot.com are different
   * people's sites, so different domains. An IP address or a name without a known suffix
   * (localhost, intranet names) is its own domain.
   */
  public static String domainOf(String host) {
    if (host.isEmpty() || host.charAt(0) == '[' || isIPv4(host)) {
      return host;
    }
    String domain = EffectiveTldFinder.getAssignedDomain(host, false, false);
    return domain == null || domain.isEmpty() ? host : domain;
  }

  /**
   * The value of a byHost|byDomain|byIP setting; a bad one is a BadSettingException naming {@code
   * key}.
   */
  public static HostGroup byMode(Configuration conf, String key, String defaultValue) {
    String value = conf.get(key, defaultValue);
    for (HostGroup g : values()) {
      if (g.byName.equalsIgnoreCase(value.trim())) {
        return g;
      }
    }
    throw new BadSettingException(key, "must be byHost, byDomain or byIP, not '" + value + "'");
  }

  /**
   * The value of a host|domain setting (a count needs no DNS); a bad one is a BadSettingException
   * naming {@code key}.
   */
  public static HostGroup hostOrDomain(Configuration conf, String key, String defaultValue) {
    String value = conf.get(key, defaultValue);
    switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "host":
        return HOST;
      case "domain":
        return DOMAIN;
      default:
        throw new BadSettingException(key, "must be host or domain, not '" + value + "'");
    }
  }

  private static boolean isIPv4(String host) {
    int dots = 0;
    int digits = 0;
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      if (c == '.') {
        if (digits == 0) {
          return false;
        }
        dots++;
        digits = 0;
      } else if (c >= '0' && c <= '9' && digits < 3) {
        digits++;
      } else {
        return false;
      }
    }
    return dots == 3 && digits > 0;
  }
}
