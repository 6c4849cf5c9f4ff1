package org.trawler.core.protocol.http;

import java.net.UnknownHostException;
import org.trawler.core.protocol.ProtocolKeys;

/** A host resolved only to denied addresses: to HttpClient it is a host that cannot be resolved. */
final class AddressDeniedException extends UnknownHostException {
  private static final long serialVersionUID = 1L;

  AddressDeniedException(String host, String address, String rule) {
    super(
        host
            + " resolves to "
            + address
            + " ("
            + rule
            + ", denied by "
            + ProtocolKeys.ADDRESS_DENY
            + ")");
  }
}
