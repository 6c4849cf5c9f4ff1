package org.trawler.simweb.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;

/**
 * Which local process holds the client end of a loopback TCP connection, read from Linux's /proc:
 * the connection's socket inode from /proc/net/tcp{,6}, then the process with a file descriptor on
 * that socket. Asked while the connection is open (a server asks while it serves), it tells
 * requests of different processes apart where nothing in the request can: two fetch tasks send the
 * same User-Agent from the same address.
 */
final class LoopbackClients {
  private static final Path PROC = Paths.get("/proc");

  private LoopbackClients() {}

  /** True when this system has the /proc files the lookup reads. */
  static boolean available() {
    return Files.isReadable(PROC.resolve("net/tcp")) && Files.isDirectory(PROC.resolve("self/fd"));
  }

  /**
   * The command line (arguments joined by spaces) of the process whose socket is connected from
   * {@code client} to {@code server}, or null when no such connection or process is found.
   */
  static String commandLine(InetSocketAddress client, InetSocketAddress server) {
    String inode = socketInode(client, server);
    if (inode == null) {
      return null;
    }
    String link = "socket:[" + inode + "]";
    try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, "[0-9]*")) {
      for (Path process : processes) {
        if (holds(process, link)) {
          return readCommandLine(process);
        }
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  private static boolean holds(Path process, String link) {
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
      for (Path fd : fds) {
        try {
          if (Files.readSymbolicLink(fd).toString().equals(link)) {
            return true;
          }
        } catch (IOException | UnsupportedOperationException e) {
          // closed meanwhile
        }
      }
    } catch (IOException e) {
      // the process ended or is not ours to read
    }
    return false;
  }

  private static String readCommandLine(Path process) throws IOException {
    byte[] raw = Files.readAllBytes(process.resolve("cmdline"));
    return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').trim();
  }

  /** The inode of the socket whose local end is {@code client} and remote end {@code server}. */
  private static String socketInode(InetSocketAddress client, InetSocketAddress server) {
    String local = endpoint(client);
    String remote = endpoint(server);
    for (String table : new String[] {"net/tcp", "net/tcp6"}) {
      List<String> lines;
      try {
        lines = Files.readAllLines(PROC.resolve(table), StandardCharsets.US_ASCII);
      } catch (IOException e) {
        continue;
      }
      for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && ipv4Endpoint(f[1]).equals(local) && ipv4Endpoint(f[2]).equals(remote)) {
          return f[9];
        }
      }
    }
    return null;
  }

  /**
   * An IPv4 endpoint in /proc/net/tcp's notation: the address as a little-endian hex word, the port
   * in hex.
   */
  private static String endpoint(InetSocketAddress address) {
    byte[] b = address.getAddress().getAddress();
    if (b.length != 4) {
      return "";
    }
    return String.format(
        Locale.ROOT, "%02X%02X%02X%02X:%04X", b[3], b[2], b[1], b[0], address.getPort());
  }

  /**
   * A /proc/net/tcp or tcp6 endpoint as an IPv4 endpoint (IPv4-mapped IPv6 addresses reduced to
   * IPv4).
   */
  private static String ipv4Endpoint(String field) {
    int colon = field.indexOf(':');
    if (colon < 8) {
      return "";
    }
    String address = field.substring(0, colon);
    if (address.length() == 32 && !address.startsWith("0000000000000000FFFF0000")) {
      return "";
    }
    return address.substring(address.length() - 8) + field.substring(colon);
  }
}
