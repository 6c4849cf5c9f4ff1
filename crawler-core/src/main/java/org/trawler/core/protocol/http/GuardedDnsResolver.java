package org.trawler.core.protocol.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hc.client5.http.DnsResolver;
import org.trawler.core.net.PinnedNames;

/**
 * Resolves host names for HttpClient's connection pool and drops denied addresses. Because the pool
 * connects to exactly the addresses returned here, no second lookup can rebind the host between the
 * check and the connect. IP literals go through here too. A name pinned by http.resolve gets its
 * pinned addresses without asking DNS, and they are judged like any other.
 */
final class GuardedDnsResolver implements DnsResolver {
  private final DnsResolver resolver;
  private final PinnedNames pinned;
  private final DeniedAddresses denied;

  /** The configured proxy: the user chose it, so it is never denied. */
  private final Set<String> trustedHosts;

  GuardedDnsResolver(DnsResolver resolver, DeniedAddresses denied, Set<String> trustedHosts) {
    this(resolver, PinnedNames.none(), denied, trustedHosts);
  }

  GuardedDnsResolver(
      DnsResolver resolver, PinnedNames pinned, DeniedAddresses denied, Set<String> trustedHosts) {
    this.resolver = resolver;
    this.pinned = pinned;
    this.denied = denied;
    this.trustedHosts = trustedHosts;
  }

  @Override
  public InetAddress[] resolve(String host) throws UnknownHostException {
    InetAddress[] pinnedAddresses = pinned.pinned(host);
    InetAddress[] all = pinnedAddresses != null ? pinnedAddresses : resolver.resolve(host);
    if (denied.isEmpty() || trustedHosts.contains(host.toLowerCase(Locale.ROOT))) {
      return all;
    }
    List<InetAddress> allowed = new ArrayList<>(all.length);
    AddressDeniedException refusal = null;
    for (InetAddress address : all) {
      String rule = denied.rule(address);
      if (rule == null) {
        allowed.add(address);
      } else if (refusal == null) {
        refusal = new AddressDeniedException(host, address.getHostAddress(), rule);
      }
    }
    if (allowed.isEmpty() && refusal != null) {
      throw refusal;
    }
    return allowed.toArray(new InetAddress[0]);
  }

  @Override
  public String resolveCanonicalHostname(String host) throws UnknownHostException {
    if (pinned.pinned(host) != null) {
      return host;
    }
    return resolver.resolveCanonicalHostname(host);
  }
}
