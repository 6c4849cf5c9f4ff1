package org.trawler.core.protocol.http;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hc.client5.http.DnsResolver;
import org.junit.Test;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.PinnedNames;

public class GuardedDnsResolverTest {
  /** Loopback let through, as the tests' servers need; everything else not public denied. */
  private static final AddressPolicy LOOPBACK_ALLOWED = AddressPolicy.of("127.0.0.0/8", "");

  /** A host with several addresses, as a rebinding attacker's DNS would answer. */
  private static final DnsResolver MIXED =
      new DnsResolver() {
        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
          if (host.equals("mixed.test")) {
            return new InetAddress[] {
              InetAddress.getByName("169.254.169.254"), InetAddress.getByName("127.0.0.9")
            };
          }
          return new FakeDns().map("meta.test", "169.254.169.254").resolve(host);
        }

        @Override
        public String resolveCanonicalHostname(String host) {
          return host;
        }
      };

  @Test
  public void deniedAddressesAreDroppedFromAnAnswer() throws UnknownHostException {
    GuardedDnsResolver resolver = new GuardedDnsResolver(MIXED, LOOPBACK_ALLOWED, Set.of());
    assertArrayEquals(
        new InetAddress[] {InetAddress.getByName("127.0.0.9")}, resolver.resolve("mixed.test"));
  }

  @Test
  public void aHostWithOnlyDeniedAddressesIsRefused() {
    GuardedDnsResolver resolver = new GuardedDnsResolver(MIXED, LOOPBACK_ALLOWED, Set.of());
    try {
      resolver.resolve("meta.test");
      fail("169.254.169.254 must be refused");
    } catch (AddressDeniedException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("169.254.169.254"));
      assertTrue(e.getMessage(), e.getMessage().contains("link-local"));
    } catch (UnknownHostException e) {
      fail("refused as unknown host, not as denied: " + e);
    }
  }

  @Test
  public void theConfiguredProxyIsNeverDenied() throws UnknownHostException {
    GuardedDnsResolver resolver =
        new GuardedDnsResolver(new FakeDns(), AddressPolicy.of("", ""), Set.of("127.0.0.2"));
    assertEquals(1, resolver.resolve("127.0.0.2").length);
    try {
      resolver.resolve("127.0.0.3");
      fail("loopback must be refused");
    } catch (AddressDeniedException e) {
      // expected
    }
  }

  @Test(expected = UnknownHostException.class)
  public void anUnknownHostStaysUnknown() throws UnknownHostException {
    new GuardedDnsResolver(new FakeDns(), LOOPBACK_ALLOWED, Set.of()).resolve("nowhere.test");
  }

  /** A resolver that must not be asked: a pinned name never reaches DNS. */
  private static final DnsResolver NEVER_ASKED =
      new DnsResolver() {
        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
          throw new AssertionError("DNS asked for " + host);
        }

        @Override
        public String resolveCanonicalHostname(String host) {
          throw new AssertionError("DNS asked for " + host);
        }
      };

  private static PinnedNames pinning(String value) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.RESOLVE, value);
    return PinnedNames.fromSettings(conf);
  }

  @Test
  public void aPinnedNameResolvesToItsAddressWithoutAskingDns() throws UnknownHostException {
    GuardedDnsResolver resolver =
        new GuardedDnsResolver(
            NEVER_ASKED, pinning("www.amber-3.test:127.0.0.5"), LOOPBACK_ALLOWED, Set.of());
    assertArrayEquals(
        new InetAddress[] {InetAddress.getByName("127.0.0.5")},
        resolver.resolve("WWW.Amber-3.test"));
    assertEquals("www.amber-3.test", resolver.resolveCanonicalHostname("www.amber-3.test"));
  }

  @Test
  public void aNamePinnedToADeniedAddressIsRefused() {
    GuardedDnsResolver resolver =
        new GuardedDnsResolver(
            NEVER_ASKED, pinning("meta.test:169.254.169.254"), LOOPBACK_ALLOWED, Set.of());
    try {
      resolver.resolve("meta.test");
      fail("169.254.169.254 must be refused even when pinned");
    } catch (AddressDeniedException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("169.254.169.254"));
    } catch (UnknownHostException e) {
      fail("refused as unknown host, not as denied: " + e);
    }
  }

  @Test
  public void aNameNotPinnedStillGoesToTheResolver() throws UnknownHostException {
    GuardedDnsResolver resolver =
        new GuardedDnsResolver(
            new FakeDns().map("other.test", "127.0.0.8"),
            pinning("www.amber-3.test:127.0.0.5"),
            LOOPBACK_ALLOWED,
            Set.of());
    assertArrayEquals(
        new InetAddress[] {InetAddress.getByName("127.0.0.8")}, resolver.resolve("other.test"));
  }

  @Test
  public void numericSpellingsAreReadAsABrowserReadsThemAndDeniedWithoutDns() {
    GuardedDnsResolver resolver =
        new GuardedDnsResolver(NEVER_ASKED, PinnedNames.none(), AddressPolicy.of("", ""), Set.of());
    String[][] spellings = {
      {"2130706433", "127.0.0.1"},
      {"0177.0.0.1", "127.0.0.1"},
      {"0x7f.0.0.1", "127.0.0.1"},
      {"0x7f.1", "127.0.0.1"},
      {"0", "0.0.0.0"},
      {"0xa.0.0.1", "10.0.0.1"},
      {"2852039166", "169.254.169.254"},
    };
    for (String[] spelling : spellings) {
      try {
        resolver.resolve(spelling[0]);
        fail(spelling[0] + " must be refused");
      } catch (AddressDeniedException e) {
        assertTrue(e.getMessage(), e.getMessage().contains("resolves to " + spelling[1] + " ("));
      } catch (UnknownHostException e) {
        fail("refused as unknown host, not as denied: " + e);
      }
    }
  }

  @Test
  public void aPublicNumericSpellingResolvesWithoutDns() throws UnknownHostException {
    GuardedDnsResolver resolver =
        new GuardedDnsResolver(NEVER_ASKED, PinnedNames.none(), AddressPolicy.of("", ""), Set.of());
    assertArrayEquals(
        new InetAddress[] {InetAddress.getByName("93.184.216.34")}, resolver.resolve("1572395042"));
  }
}
