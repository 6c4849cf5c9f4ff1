package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.protocol.ProtocolKeys;

public class AddressPolicyTest {
  private static final AddressPolicy DEFAULT = AddressPolicy.of("", "");

  private static InetAddress ip(String literal) throws UnknownHostException {
    return InetAddress.getByName(literal); // a literal: no lookup
  }

  /** The range name that starts the refusal, or null when the address may be connected to. */
  private static String range(AddressPolicy policy, String literal) throws UnknownHostException {
    String why = policy.refusal(ip(literal));
    return why == null ? null : why.split("[ ,]")[0];
  }

  @Test
  public void everyNonPublicRangeIsDeniedByDefault() throws UnknownHostException {
    String[][] expected = {
      {"0.0.0.0", "unspecified"},
      {"::", "unspecified"},
      {"127.0.0.1", "loopback"},
      {"127.255.0.9", "loopback"},
      {"::1", "loopback"},
      {"10.1.2.3", "private"},
      {"172.16.0.1", "private"},
      {"172.31.255.255", "private"},
      {"192.168.1.1", "private"},
      {"fd00:ec2::254", "private"},
      {"fc00::1", "private"},
      {"fec0::1", "private"},
      {"100.64.0.1", "cgnat"},
      {"100.127.255.254", "cgnat"},
      {"169.254.169.254", "link-local"},
      {"fe80::1", "link-local"},
      {"224.0.0.1", "multicast"},
      {"239.255.255.250", "multicast"},
      {"ff02::1", "multicast"},
      {"192.0.2.1", "documentation"},
      {"198.51.100.7", "documentation"},
      {"203.0.113.9", "documentation"},
      {"2001:db8::1", "documentation"},
      {"198.18.0.1", "benchmarking"},
      {"198.19.255.1", "benchmarking"},
      {"240.0.0.1", "reserved"},
      {"255.255.255.255", "reserved"},
      {"192.0.0.8", "reserved"},
    };
    for (String[] row : expected) {
      assertEquals(row[0], row[1], range(DEFAULT, row[0]));
    }
  }

  @Test
  public void publicAddressesAreAllowed() throws UnknownHostException {
    for (String address :
        new String[] {
          "93.184.216.34",
          "8.8.8.8",
          "172.32.0.1",
          "192.169.0.1",
          "100.128.0.1",
          "11.0.0.1",
          "198.20.0.1",
          "2606:4700::1111",
          "64:ff9b::808:808",
          "2002:808:808::1"
        }) {
      assertNull(address, DEFAULT.refusal(ip(address)));
    }
  }

  @Test
  public void anIpv6AddressCarryingAnIpv4OneIsJudgedByIt() throws UnknownHostException {
    // ::ffff:127.0.0.1 is read by Java as 127.0.0.1 itself; the others stay IPv6.
    assertEquals("loopback", range(DEFAULT, "::ffff:127.0.0.1"));
    assertEquals("private", range(DEFAULT, "64:ff9b::a00:1"));
    assertEquals("private", range(DEFAULT, "2002:a00:1::"));
    assertEquals("link-local", range(DEFAULT, "2002:a9fe:a9fe::1"));
    assertEquals("loopback", range(DEFAULT, "::127.0.0.1"));
    assertEquals("private", range(DEFAULT, "2001:0:4136:e378:8000:63bf:f5ff:fffe")); // 10.0.0.1
    assertTrue(
        DEFAULT.refusal(ip("64:ff9b::a00:1")),
        DEFAULT.refusal(ip("64:ff9b::a00:1")).contains("carries 10.0.0.1"));
  }

  @Test
  public void theRefusalNamesTheSettingThatLetsAnAddressThrough() throws UnknownHostException {
    assertEquals(
        "link-local, not a public address (http.address.allow lets chosen ones through)",
        DEFAULT.refusal(ip("169.254.169.254")));
  }

  @Test
  public void theAllowListLetsChosenAddressesThroughTheDefaultDeny() throws UnknownHostException {
    AddressPolicy policy = AddressPolicy.of("127.0.0.2/32, 127.0.0.3, private", "");
    assertNull(policy.refusal(ip("127.0.0.2")));
    assertNull(policy.refusal(ip("127.0.0.3")));
    assertNull(policy.refusal(ip("10.9.8.7")));
    assertNull(policy.refusal(ip("fd00::1")));
    assertEquals("loopback", range(policy, "127.0.0.1"));
    assertEquals("loopback", range(policy, "::1"));
    assertEquals("unspecified", range(policy, "0.0.0.0"));
    assertEquals("link-local", range(policy, "169.254.169.254"));
  }

  @Test
  public void theDenyListWinsOverTheAllowListAndDeniesPublicBlocks() throws UnknownHostException {
    AddressPolicy policy = AddressPolicy.of("127.0.0.0/8", "127.0.0.3/32, 93.184.216.0/24");
    assertNull(policy.refusal(ip("127.0.0.2")));
    assertEquals("127.0.0.3/32, in http.address.deny", policy.refusal(ip("127.0.0.3")));
    assertEquals("93.184.216.0/24, in http.address.deny", policy.refusal(ip("93.184.216.34")));
    assertEquals("93.184.216.0/24", range(policy, "64:ff9b::5db8:d822"));
    assertNull(policy.refusal(ip("8.8.8.8")));
  }

  @Test
  public void namesAreCommaSeparatedAndCaseInsensitive() throws UnknownHostException {
    AddressPolicy policy = AddressPolicy.of(" LOOPBACK , Link-Local,", "");
    assertNull(policy.refusal(ip("127.0.0.1")));
    assertNull(policy.refusal(ip("169.254.1.1")));
    assertNotNull(policy.refusal(ip("10.0.0.1")));
  }

  @Test(expected = IllegalArgumentException.class)
  public void anUnknownRangeIsRefused() {
    AddressPolicy.of("intranet", "");
  }

  @Test(expected = IllegalArgumentException.class)
  public void aBadBlockIsAConfigurationError() {
    AddressPolicy.of("", "example.com/24");
  }

  @Test(expected = IllegalArgumentException.class)
  public void aPrefixLongerThanTheAddressIsAConfigurationError() {
    AddressPolicy.of("10.0.0.0/33", "");
  }

  @Test
  public void theProductDefaultDeniesLoopbackWithoutTheTestsOverride() throws UnknownHostException {
    // The tests' core-site.xml allows 127.0.0.0/8; neither of these configurations reads it.
    Configuration bare = new Configuration(false);
    assertEquals("loopback", range(AddressPolicy.fromSettings(bare), "127.0.0.1"));
    Configuration shipped = new Configuration(false);
    shipped.addResource(CrawlerConfiguration.DEFAULT_RESOURCE);
    assertEquals("", shipped.get(ProtocolKeys.ADDRESS_ALLOW, ""));
    assertEquals("", shipped.get(ProtocolKeys.ADDRESS_DENY, ""));
    assertEquals("loopback", range(AddressPolicy.fromSettings(shipped), "127.0.0.1"));
    assertEquals("private", range(AddressPolicy.fromSettings(shipped), "10.0.0.1"));
  }
}
