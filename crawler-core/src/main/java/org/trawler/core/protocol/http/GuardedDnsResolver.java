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
 * Resolves host names for HttpClient's connection pool and drops the addresses the {@link
 * AddressPolicy} denies. Because the pool connects to exactly the addresses returned here, no
 * second lookup can rebind the host between the check and the connect. IP literals go through here
 * too, numeric IPv4 spellings (2130706433, 0x7f.1) read as a browser reads them. A name pinned by
 * http.resolve gets its pinned addresses without asking DNS, and they are judged like any other.
 */
final class GuardedDnsResolver implements DnsResolver {
  private final DnsResolver resolver;
  private final PinnedNames pinned;
  private final AddressPolicy policy;

  /** The configured proxy: the user chose it, so it is never denied. */
  private final Set<String> trustedHosts;

  GuardedDnsResolver(DnsResolver resolver, AddressPolicy policy, Set<String> trustedHosts) {
    this(resolver, PinnedNames.none(), policy, trustedHosts);
  }

  GuardedDnsResolver(
      DnsResolver resolver, PinnedNames pinned, AddressPolicy policy, Set<String> trustedHosts) {
    this.resolver = resolver;
    this.pinned = pinned;
    this.policy = policy;
    this.trustedHosts = trustedHosts;
  }

  @Override
  public InetAddress[] resolve(String host) throws UnknownHostException {
    InetAddress[] all = lookUp(host);
    if (trustedHosts.contains(host.toLowerCase(Locale.ROOT))) {
      return all;
    }
    List<InetAddress> allowed = new ArrayList<>(all.length);
    AddressDeniedException refusal = null;
    for (InetAddress address : all) {
      String why = policy.refusal(address);
      if (why == null) {
        allowed.add(address);
      } else if (refusal == null) {
        refusal = new AddressDeniedException(host, address.getHostAddress(), why);
      }
    }
    if (allowed.isEmpty() && refusal != null) {
      throw refusal;
    }
    return allowed.toArray(new InetAddress[0]);
  }

  private InetAddress[] lookUp(String host) throws UnknownHostException {
    InetAddress[] pinnedAddresses = pinned.pinned(host);
    if (pinnedAddresses != null) {
      return pinnedAddresses;
    }
    String ipv4 = Ipv4Spelling.dotted(host);
    if (ipv4 != null) {
      return new InetAddress[] {InetAddress.getByName(ipv4)}; // dotted decimal: no lookup
    }
    return resolver.resolve(host);
  }

  @Override
  public String resolveCanonicalHostname(String host) throws UnknownHostException {
    if (pinned.pinned(host) != null) {
      return host;
    }
    return resolver.resolveCanonicalHostname(host);
  }
}
