package org.trawler.core.protocol.http;

import java.net.UnknownHostException;

/** A host resolved only to denied addresses: to HttpClient it is a host that cannot be resolved. */
final class AddressDeniedException extends UnknownHostException {
  private static final long serialVersionUID = 1L;

  AddressDeniedException(String host, String address, String refusal) {
    super(host + " resolves to " + address + " (" + refusal + ")");
  }
}
