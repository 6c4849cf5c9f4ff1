package org.trawler.simweb.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.junit.Test;

public class LoopbackClientsTest {

  @Test
  public void findsTheProcessHoldingTheClientEnd() throws Exception {
    assertTrue(LoopbackClients.available());
    InetAddress host = InetAddress.getByName("127.0.0.2");
    try (ServerSocket server = new ServerSocket(0, 1, host);
        Socket client = new Socket(host, server.getLocalPort());
        Socket accepted = server.accept()) {
      String self =
          new String(Files.readAllBytes(Paths.get("/proc/self/cmdline")), StandardCharsets.UTF_8)
              .replace('\0', ' ')
              .trim();
      InetSocketAddress serverEnd = (InetSocketAddress) server.getLocalSocketAddress();
      assertEquals(
          self,
          LoopbackClients.commandLine(
              (InetSocketAddress) accepted.getRemoteSocketAddress(), serverEnd));
    }
  }

  @Test
  public void aClosedConnectionHasNoProcess() throws Exception {
    assertTrue(LoopbackClients.available());
    InetAddress host = InetAddress.getByName("127.0.0.2");
    InetSocketAddress clientEnd;
    InetSocketAddress serverEnd;
    try (ServerSocket server = new ServerSocket(0, 1, host)) {
      serverEnd = (InetSocketAddress) server.getLocalSocketAddress();
      try (Socket client = new Socket(host, server.getLocalPort());
          Socket accepted = server.accept()) {
        clientEnd = (InetSocketAddress) accepted.getRemoteSocketAddress();
      }
    }
    assertNull(LoopbackClients.commandLine(clientEnd, serverEnd));
  }
}
