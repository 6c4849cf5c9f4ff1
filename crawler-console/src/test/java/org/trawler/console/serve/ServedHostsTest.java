package org.trawler.console.serve;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.Test;

public class ServedHostsTest {
  private static ServedHosts bound(String bind, int port) throws Exception {
    return ServedHosts.of(new InetSocketAddress(InetAddress.getByName(bind), port));
  }

  @Test
  public void theBoundAddressAndLocalhostWithTheBoundPortAreServed() throws Exception {
    ServedHosts hosts = bound("127.0.0.1", 8080);
    assertTrue(hosts.serves("127.0.0.1:8080"));
    assertTrue(hosts.serves("localhost:8080"));
    assertTrue(hosts.serves("LocalHost.:8080"));
    assertFalse(hosts.serves("127.0.0.1:8081"));
    assertFalse(hosts.serves("127.0.0.1"));
    assertFalse(hosts.serves("127.0.0.2:8080"));
    assertFalse(hosts.serves("evil.example:8080"));
    assertFalse(hosts.serves("localhost.evil.example:8080"));
    assertFalse(hosts.serves("localhost:8080x"));
    assertFalse(hosts.serves(""));
    assertFalse(hosts.serves(null));
  }

  @Test
  public void aHostWithoutAPortMeansPort80() throws Exception {
    ServedHosts hosts = bound("127.0.0.1", 80);
    assertTrue(hosts.serves("127.0.0.1"));
    assertTrue(hosts.serves("localhost"));
    assertTrue(hosts.serves("localhost:80"));
  }

  @Test
  public void aNameGivenToBindIsServedAndIPv6LiteralsAreBracketed() throws Exception {
    assertTrue(bound("localhost", 9000).serves("localhost:9000"));
    ServedHosts v6 = bound("::1", 9000);
    assertTrue(v6.serves("[::1]:9000"));
    assertTrue(v6.serves("[0:0:0:0:0:0:0:1]:9000"));
    assertFalse(v6.serves("[::2]:9000"));
    assertFalse(v6.serves("[::1:9000"));
  }

  @Test
  public void everyAddressServesThisMachinesNamesButNoStrangers() throws Exception {
    ServedHosts hosts = bound("0.0.0.0", 8080);
    assertTrue(hosts.serves("127.0.0.1:8080"));
    assertTrue(hosts.serves("localhost:8080"));
    assertTrue(hosts.serves(InetAddress.getLocalHost().getHostName() + ":8080"));
    assertFalse(hosts.serves("evil.example:8080"));
  }
}
