package org.trawler.core.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.conf.BadSettingException;

/**
 * Host names pinned to addresses by http.resolve and http.resolve.file, as curl --resolve pins
 * them: a test web of made-up names, or a site moved to a new server before its DNS changes, is
 * crawled by name (Host header, robots.txt, links) while the connection goes to the pinned address.
 * Every name lookup of the crawler goes through {@link #resolve}: a pinned name never reaches DNS.
 */
public final class PinnedNames {
  /** IPv4 dotted or IPv6 (hex and colons, maybe an embedded IPv4 tail): parsed, never looked up. */
  private static final Pattern ADDRESS_LITERAL =
      Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");

  private static final PinnedNames NONE = new PinnedNames(Map.of());

  private final Map<String, InetAddress[]> pinned;

  private PinnedNames(Map<String, InetAddress[]> pinned) {
    this.pinned = pinned;
  }

  /** No name pinned: every lookup goes to the system's resolver. */
  public static PinnedNames none() {
    return NONE;
  }

  /** The names of http.resolve, then those of http.resolve.file. */
  public static PinnedNames fromSettings(Configuration conf) {
    Map<String, List<InetAddress>> names = new LinkedHashMap<>();
    for (String entry : conf.getTrimmedStrings(NetKeys.RESOLVE)) {
      int colon = entry.indexOf(':');
      if (colon <= 0) {
        throw new BadSettingException(
            NetKeys.RESOLVE, "'" + entry + "' is not name:address (e.g. www.a.test:127.0.0.2)");
      }
      pin(names, NetKeys.RESOLVE, entry.substring(0, colon), entry.substring(colon + 1));
    }
    String file = conf.getTrimmed(NetKeys.RESOLVE_FILE, "");
    if (!file.isEmpty()) {
      readFile(conf, new Path(file), names);
    }
    return of(names);
  }

  private static void readFile(
      Configuration conf, Path file, Map<String, List<InetAddress>> names) {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(file.getFileSystem(conf).open(file), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        pinLine(names, NetKeys.RESOLVE_FILE, line);
      }
    } catch (IOException e) {
      throw new BadSettingException(
          NetKeys.RESOLVE_FILE, file + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static void pinLine(Map<String, List<InetAddress>> names, String key, String line) {
    int hash = line.indexOf('#');
    String text = (hash < 0 ? line : line.substring(0, hash)).trim();
    if (text.isEmpty()) {
      return;
    }
    String[] parts = text.split("\\s+");
    if (parts.length != 2) {
      throw new BadSettingException(key, "'" + text + "' is not 'name address'");
    }
    pin(names, key, parts[0], parts[1]);
  }

  private static void pin(
      Map<String, List<InetAddress>> names, String key, String name, String address) {
    String host = name.trim().toLowerCase(Locale.ROOT);
    String literal = address.trim();
    if (literal.startsWith("[") && literal.endsWith("]")) {
      literal = literal.substring(1, literal.length() - 1);
    }
    if (host.isEmpty() || !ADDRESS_LITERAL.matcher(literal).matches()) {
      throw new BadSettingException(
          key, "'" + name + "' must be pinned to an IP address, not '" + address + "'");
    }
    try {
      names.computeIfAbsent(host, h -> new ArrayList<>()).add(InetAddress.getByName(literal));
    } catch (UnknownHostException e) {
      throw new BadSettingException(key, "'" + address + "' is not an IP address", e);
    }
  }

  private static PinnedNames of(Map<String, List<InetAddress>> names) {
    if (names.isEmpty()) {
      return NONE;
    }
    Map<String, InetAddress[]> pinned = new LinkedHashMap<>();
    names.forEach((host, addresses) -> pinned.put(host, addresses.toArray(new InetAddress[0])));
    return new PinnedNames(Map.copyOf(pinned));
  }

  /** The pinned addresses of {@code host}, or null when it is not pinned. */
  public InetAddress[] pinned(String host) {
    InetAddress[] addresses = pinned.get(host.toLowerCase(Locale.ROOT));
    return addresses == null ? null : addresses.clone();
  }

  /** The pinned addresses of {@code host}, else what the system's resolver (DNS, hosts) says. */
  public InetAddress[] resolve(String host) throws UnknownHostException {
    InetAddress[] addresses = pinned(host);
    return addresses != null ? addresses : InetAddress.getAllByName(host);
  }

  public boolean isEmpty() {
    return pinned.isEmpty();
  }

  public int size() {
    return pinned.size();
  }
}
