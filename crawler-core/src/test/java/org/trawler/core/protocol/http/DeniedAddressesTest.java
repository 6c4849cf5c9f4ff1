package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.Test;

public class DeniedAddressesTest {
  private static InetAddress ip(String literal) throws UnknownHostException {
    return InetAddress.getByName(literal); // a literal: no lookup
  }

  @Test
  public void linkLocalCoversTheMetadataAddressAndFe80() throws UnknownHostException {
    DeniedAddresses denied = DeniedAddresses.parse("link-local");
    assertEquals(DeniedAddresses.Range.LINK_LOCAL, denied.denying(ip("169.254.169.254")));
    assertEquals(DeniedAddresses.Range.LINK_LOCAL, denied.denying(ip("169.254.0.1")));
    assertEquals(DeniedAddresses.Range.LINK_LOCAL, denied.denying(ip("fe80::1")));
    assertEquals(DeniedAddresses.Range.LINK_LOCAL, denied.denying(ip("::ffff:169.254.169.254")));
    assertNull(denied.denying(ip("127.0.0.1")));
    assertNull(denied.denying(ip("10.0.0.1")));
    assertNull(denied.denying(ip("93.184.216.34")));
  }

  @Test
  public void loopbackCoversAll127AndTheUnspecifiedAddress() throws UnknownHostException {
    DeniedAddresses denied = DeniedAddresses.parse("loopback");
    for (String address : new String[] {"127.0.0.1", "127.1.2.3", "::1", "0.0.0.0", "::"}) {
      assertEquals(address, DeniedAddresses.Range.LOOPBACK, denied.denying(ip(address)));
    }
    assertNull(denied.denying(ip("169.254.169.254")));
  }

  @Test
  public void privateCoversRfc1918AndUniqueLocal() throws UnknownHostException {
    DeniedAddresses denied = DeniedAddresses.parse("private");
    for (String address :
        new String[] {
          "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "fc00::1", "fd12:3456::1"
        }) {
      assertEquals(address, DeniedAddresses.Range.PRIVATE, denied.denying(ip(address)));
    }
    for (String address :
        new String[] {"172.32.0.1", "192.169.0.1", "11.0.0.1", "2001:db8::1", "127.0.0.1"}) {
      assertNull(address, denied.denying(ip(address)));
    }
  }

  @Test
  public void namesAreCommaSeparatedAndCaseInsensitive() throws UnknownHostException {
    DeniedAddresses denied = DeniedAddresses.parse(" Link-Local , LOOPBACK,private ");
    assertEquals(DeniedAddresses.Range.LOOPBACK, denied.denying(ip("127.0.0.1")));
    assertEquals(DeniedAddresses.Range.PRIVATE, denied.denying(ip("10.0.0.1")));
    assertEquals(DeniedAddresses.Range.LINK_LOCAL, denied.denying(ip("169.254.1.1")));
  }

  @Test
  public void blankDeniesNothing() throws UnknownHostException {
    assertTrue(DeniedAddresses.parse("").isEmpty());
    assertTrue(DeniedAddresses.parse(null).isEmpty());
    assertNull(DeniedAddresses.parse(" , ").denying(ip("169.254.169.254")));
  }

  @Test(expected = IllegalArgumentException.class)
  public void anUnknownRangeIsRefused() {
    DeniedAddresses.parse("link-local,intranet");
  }

  @Test
  public void cidrBlocksDenyTheirAddressesOnly() throws Exception {
    DeniedAddresses denied = DeniedAddresses.parse("127.0.0.3/32, 10.1.0.0/16, fd00::/8");
    assertEquals("127.0.0.3/32", denied.rule(ip("127.0.0.3")));
    assertNull(denied.rule(ip("127.0.0.2")));
    assertEquals("10.1.0.0/16", denied.rule(ip("10.1.200.7")));
    assertNull(denied.rule(ip("10.2.0.1")));
    assertEquals("fd00::/8", denied.rule(ip("fd12::1")));
  }

  @Test(expected = IllegalArgumentException.class)
  public void aBadBlockIsAConfigurationError() {
    DeniedAddresses.parse("example.com/24");
  }
}
