package org.trawler.console.serve;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Host names the console answers for: the name or address it was bound to, {@code localhost},
 * and (bound to every address) this machine's own names and addresses, each with the bound port. A
 * page on a stranger's site can point its own name at 127.0.0.1 (DNS rebinding) and then read the
 * console as same-origin; its requests carry the stranger's name in Host, which is refused.
 */
final class ServedHosts {
  private final Set<String> names;
  private final int port;

  ServedHosts(Set<String> names, int port) {
    this.names = Collections.unmodifiableSet(new TreeSet<>(names));
    this.port = port;
  }

  /** The names for a server bound to {@code bound} (its host string is the name it was given). */
  static ServedHosts of(InetSocketAddress bound) {
    Set<String> names = new TreeSet<>();
    names.add("localhost");
    names.add(normal(bound.getHostString()));
    InetAddress address = bound.getAddress();
    if (address != null) {
      names.add(literal(address));
      if (address.isAnyLocalAddress()) {
        addThisMachine(names);
      }
    }
    return new ServedHosts(names, bound.getPort());
  }

  /** The names served, for the refusal's message. */
  Set<String> names() {
    return names;
  }

  /**
   * Whether a request with this Host header is for this console: a served name, and the bound port
   * (a Host without a port means 80).
   */
  boolean serves(String host) {
    if (host == null || host.isBlank()) {
      return false;
    }
    String h = host.strip();
    String name;
    String portText = null;
    if (h.startsWith("[")) {
      int close = h.indexOf(']');
      if (close < 0) {
        return false;
      }
      name = h.substring(0, close + 1);
      if (close + 1 < h.length()) {
        if (h.charAt(close + 1) != ':') {
          return false;
        }
        portText = h.substring(close + 2);
      }
    } else {
      int colon = h.lastIndexOf(':');
      name = colon < 0 ? h : h.substring(0, colon);
      portText = colon < 0 ? null : h.substring(colon + 1);
    }
    int requested;
    try {
      requested = portText == null ? 80 : Integer.parseInt(portText);
    } catch (NumberFormatException e) {
      return false;
    }
    if (name.startsWith("[")) {
      String inner = name.substring(1, name.length() - 1);
      if (!inner.contains(":")) {
        return false;
      }
      try {
        name = literal(InetAddress.getByName(inner)); // an IPv6 literal: parsed, never looked up
      } catch (UnknownHostException e) {
        return false;
      }
    }
    return requested == port && names.contains(normal(name));
  }

  private static String normal(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    if (n.endsWith(".")) {
      n = n.substring(0, n.length() - 1); // "localhost." names the same host
    }
    if (n.contains(":") && !n.startsWith("[")) {
      n = "[" + n + "]";
    }
    return n;
  }

  private static String literal(InetAddress address) {
    String text = address.getHostAddress();
    int zone = text.indexOf('%');
    if (zone >= 0) {
      text = text.substring(0, zone);
    }
    return address instanceof Inet6Address ? "[" + text + "]" : text;
  }

  /** Bound to every address, the console is reached by this machine's names and addresses. */
  private static void addThisMachine(Set<String> names) {
    try {
      InetAddress self = InetAddress.getLocalHost();
      names.add(normal(self.getHostName()));
      names.add(normal(self.getCanonicalHostName()));
    } catch (UnknownHostException e) {
      // a machine without a resolvable name is reached by its addresses
    }
    try {
      for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        for (InetAddress a : Collections.list(nic.getInetAddresses())) {
          names.add(literal(a));
        }
      }
    } catch (SocketException e) {
      // no interfaces listed: localhost still works
    }
  }
}
