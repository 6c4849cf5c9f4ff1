package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;

public class HostGroupTest {
  private static final String KEY = "some.mode";

  private static InetAddress ip(String literal) {
    try {
      return InetAddress.getByName(literal);
    } catch (UnknownHostException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * A resolver answering a.example's three addresses rotated by one at each lookup, as round-robin
   * DNS does.
   */
  private static final class RoundRobin implements HostAddresses.Resolver {
    final List<String> lookups = new ArrayList<>();
    private final List<InetAddress> answer =
        new ArrayList<>(List.of(ip("10.0.0.10"), ip("10.0.0.9"), ip("10.0.0.2")));

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
      lookups.add(host);
      if (host.endsWith(".invalid")) {
        throw new UnknownHostException(host);
      }
      answer.add(answer.remove(0));
      return answer.toArray(new InetAddress[0]);
    }
  }

  @Test
  public void byHostIsTheHostItself() {
    assertEquals("www.example.com", HostGroup.HOST.of("www.example.com", null));
    assertEquals("www.example.com", HostGroup.HOST.ofUrl("http://WWW.example.com:8080/a", null));
  }

  @Test
  public void byDomainIsTheRegisteredDomain() {
    assertEquals("example.co.uk", HostGroup.DOMAIN.of("x.example.co.uk", null));
    assertEquals("example.com", HostGroup.DOMAIN.of("a.b.example.com", null));
    assertEquals("city.kawasaki.jp", HostGroup.DOMAIN.of("a.city.kawasaki.jp", null));
  }

  @Test
  public void privateSuffixesSeparateTheirCustomersSites() {
    assertEquals("a.blogspot.com", HostGroup.domainOf("a.blogspot.com"));
    assertEquals("b.blogspot.com", HostGroup.domainOf("www.b.blogspot.com"));
    assertEquals("a.github.io", HostGroup.domainOf("a.github.io"));
  }

  @Test
  public void addressesPublicSuffixesAndNamesWithoutAKnownSuffixAreTheirOwnDomain() {
    assertEquals("127.0.0.2", HostGroup.domainOf("127.0.0.2"));
    assertEquals("[::1]", HostGroup.domainOf("[::1]"));
    assertEquals("localhost", HostGroup.domainOf("localhost"));
    assertEquals("wiki.corp", HostGroup.domainOf("wiki.corp"));
    assertEquals("a.b.test", HostGroup.domainOf("a.b.test"));
    assertEquals("co.uk", HostGroup.domainOf("co.uk"));
    assertEquals("", HostGroup.domainOf(""));
    assertEquals("example.com", HostGroup.domainOf("1.2.3.example.com"));
    assertEquals("example.com", HostGroup.domainOf("1.2.3.4.example.com"));
    assertNotEquals(HostGroup.domainOf("a.example.com"), HostGroup.domainOf("a.example.org"));
  }

  @Test
  public void byIpIsTheLowestAddressWhateverOrderDnsAnswersIn() {
    RoundRobin dns = new RoundRobin();
    HostAddresses generateTask = new HostAddresses(dns, 100);
    HostAddresses fetchTask = new HostAddresses(dns, 100);
    assertEquals("10.0.0.2", HostGroup.IP.of("a.example", generateTask));
    assertEquals("10.0.0.2", HostGroup.IP.of("b.example", fetchTask));
    assertEquals("10.0.0.2", HostGroup.IP.of("c.example", fetchTask));
  }

  @Test
  public void aHostIsLookedUpOnceWhileItIsCached() {
    RoundRobin dns = new RoundRobin();
    HostAddresses addresses = new HostAddresses(dns, 100);
    for (int i = 0; i < 3; i++) {
      addresses.addressOf("a.example");
      addresses.addressOf("gone.invalid");
    }
    assertEquals(List.of("a.example", "gone.invalid"), dns.lookups);
  }

  @Test
  public void theCacheIsBoundedAndForgetsTheLongestCachedFirst() {
    RoundRobin dns = new RoundRobin();
    HostAddresses addresses = new HostAddresses(dns, 2);
    addresses.addressOf("a.example");
    addresses.addressOf("b.example");
    addresses.addressOf("c.example");
    addresses.addressOf("c.example");
    addresses.addressOf("b.example");
    addresses.addressOf("a.example");
    assertEquals(List.of("a.example", "b.example", "c.example", "a.example"), dns.lookups);
  }

  @Test
  public void anUnresolvableHostIsGroupedByItsName() {
    assertEquals(
        "gone.invalid", HostGroup.IP.of("gone.invalid", new HostAddresses(new RoundRobin(), 10)));
    assertEquals(
        "nothing.example",
        HostGroup.IP.of("nothing.example", new HostAddresses(h -> new InetAddress[0], 10)));
    assertEquals("", HostGroup.IP.ofUrl("mailto:x@y.z", new HostAddresses(new RoundRobin(), 10)));
  }

  @Test
  public void addressLiteralsResolveToThemselvesWithoutDns() {
    HostAddresses system = new HostAddresses();
    assertEquals("127.0.0.2", system.addressOf("127.0.0.2"));
    assertEquals("0:0:0:0:0:0:0:1", system.addressOf("[::1]"));
  }

  @Test
  public void ipv4AddressesAreLowerThanIpv6AndCompareByValueNotText() {
    assertTrue(HostAddresses.compare(ip("10.0.0.9"), ip("10.0.0.10")) < 0);
    assertTrue(HostAddresses.compare(ip("255.255.255.255"), ip("::1")) < 0);
    assertTrue(HostAddresses.compare(ip("::1"), ip("::2")) < 0);
    assertEquals(0, HostAddresses.compare(ip("10.0.0.1"), ip("10.0.0.1")));
  }

  @Test
  public void modesAreReadWithTheirDefault() {
    Configuration conf = new Configuration(false);
    assertEquals(HostGroup.IP, HostGroup.byMode(conf, KEY, "byIP"));
    conf.set(KEY, " ByDomain ");
    assertEquals(HostGroup.DOMAIN, HostGroup.byMode(conf, KEY, "byHost"));
    conf.set(KEY, "Domain");
    assertEquals(HostGroup.DOMAIN, HostGroup.hostOrDomain(conf, KEY, "host"));
    assertEquals(HostGroup.HOST, HostGroup.hostOrDomain(new Configuration(false), KEY, "host"));
  }

  @Test
  public void aBadModeNamesItsKeyAndTheChoices() {
    Configuration conf = new Configuration(false);
    conf.set(KEY, "byPort");
    try {
      fail("accepted " + HostGroup.byMode(conf, KEY, "byHost"));
    } catch (IllegalArgumentException e) {
      assertEquals("some.mode: must be byHost, byDomain or byIP, not 'byPort'", e.getMessage());
    }
    conf.set(KEY, "ip");
    try {
      fail("accepted " + HostGroup.hostOrDomain(conf, KEY, "host"));
    } catch (IllegalArgumentException e) {
      assertEquals("some.mode: must be host or domain, not 'ip'", e.getMessage());
    }
  }
}
