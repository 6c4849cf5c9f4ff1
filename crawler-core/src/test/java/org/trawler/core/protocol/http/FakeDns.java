package org.trawler.core.protocol.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hc.client5.http.DnsResolver;

/** Made-up host names → loopback addresses, so no test asks a real DNS server; IP literals pass. */
final class FakeDns implements DnsResolver {
  private final Map<String, String> addresses = new HashMap<>();

  FakeDns map(String host, String address) {
    addresses.put(host, address);
    return this;
  }

  @Override
  public InetAddress[] resolve(String host) throws UnknownHostException {
    String address = addresses.get(host);
    if (address == null && host.matches("[0-9.]+|\\[?[0-9a-fA-F:]+\\]?")) {
      address = host;
    }
    if (address == null) {
      throw new UnknownHostException(host + ": no such host");
    }
    return new InetAddress[] {InetAddress.getByName(address)};
  }

  @Override
  public String resolveCanonicalHostname(String host) throws UnknownHostException {
    return host;
  }
}
