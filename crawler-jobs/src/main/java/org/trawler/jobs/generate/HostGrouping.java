package org.trawler.jobs.generate;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.Locale;

import crawlercommons.domains.EffectiveTldFinder;

/** What a URL is counted and kept together by: its host or its registered domain. */
public enum HostGrouping {
  HOST,
  DOMAIN;

  /** The group of a (lower-case) host name. */
  public String group(String host) {
    return this == HOST ? host : domainOf(host);
  }

  /** The lower-case host of a URL; throws when the URL cannot be parsed. */
  public static String hostOf(String url) throws MalformedURLException {
    try {
      return new URL(url).getHost().toLowerCase(Locale.ROOT);
    } catch (IllegalArgumentException e) {
      throw new MalformedURLException(e.getMessage());
    }
  }

  /**
   * The registered domain (a.example.co.uk → example.co.uk) from the public suffix list; an IP
   * address or a name without a known suffix (localhost) is its own domain.
   */
  public static String domainOf(String host) {
    if (host.isEmpty() || host.startsWith("[") || isIPv4(host)) {
      return host;
    }
    String domain = EffectiveTldFinder.getAssignedDomain(host, false, false);
    return domain == null || domain.isEmpty() ? host : domain;
  }

  private static boolean isIPv4(String host) {
    return host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
  }

  /** Parses generate.count.mode's value. */
  public static HostGrouping parse(String value) {
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(GeneratorKeys.COUNT_MODE + " must be host or domain, not '" + value + "'");
    }
  }
}
