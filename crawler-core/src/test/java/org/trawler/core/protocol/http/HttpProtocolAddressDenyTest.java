package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.NetKeys;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RobotsRules;

/**
 * The address policy (every non-public address denied unless http.address.allow lists it,
 * http.address.deny on top) on direct fetches, redirect hops, robots.txt and proxied requests; and
 * the proxy itself. The tests' core-site.xml allows 127.0.0.0/8.
 */
public class HttpProtocolAddressDenyTest {
  private LoopbackHttpServer server;

  @Before
  public void setUp() throws IOException {
    server = LoopbackHttpServer.start("127.0.0.1");
    server.on("/page", LoopbackHttpServer.text(200, "text/plain", "page"));
  }

  @After
  public void tearDown() {
    server.close();
  }

  private static void assertDenied(ProtocolOutput out) {
    assertEquals(out.toString(), CrawlStatus.FETCH_GONE, out.getStatus());
    assertEquals(out.toString(), "address_denied", out.getReasonName());
  }

  private static Configuration denying(String ranges) {
    Configuration conf = ShortTimeouts.conf();
    conf.set(ProtocolKeys.ADDRESS_DENY, ranges);
    return conf;
  }

  @Test
  public void loopbackIsDeniedByDefaultAndNeverContacted() {
    Configuration conf = ShortTimeouts.conf();
    conf.set(ProtocolKeys.ADDRESS_ALLOW, ProtocolKeys.DEFAULT_ADDRESS_ALLOW); // not the tests' own
    try (HttpProtocol protocol = new HttpProtocol(conf)) {
      assertDenied(protocol.fetch(server.url("/page"), 0));
    }
    assertEquals(0, server.totalHits());
  }

  @Test
  public void anAllowedLoopbackAddressIsFetched() {
    Configuration conf = ShortTimeouts.conf();
    conf.set(ProtocolKeys.ADDRESS_ALLOW, "127.0.0.1");
    try (HttpProtocol protocol = new HttpProtocol(conf)) {
      assertEquals(CrawlStatus.FETCH_SUCCESS, protocol.fetch(server.url("/page"), 0).getStatus());
    }
  }

  @Test
  public void aDeniedLoopbackAddressIsNeverContacted() {
    try (HttpProtocol protocol = new HttpProtocol(denying("link-local, loopback"))) {
      assertDenied(protocol.fetch(server.url("/page"), 0));
    }
    assertEquals(0, server.totalHits());
  }

  @Test
  public void aHostNameResolvingToADeniedAddressIsDenied() {
    FakeDns dns = new FakeDns().map("internal.test", "127.0.0.1");
    try (HttpProtocol protocol = new HttpProtocol(denying("loopback"), dns)) {
      assertDenied(protocol.fetch("http://internal.test:" + server.port() + "/page", 0));
    }
    assertEquals(0, server.totalHits());
  }

  // Denial of link-local (169.254.169.254, fe80::/10) is proven without traffic by
  // AddressPolicyTest and GuardedDnsResolverTest; the live tests below only ever target loopback
  // addresses, with a
  // denied block standing in for the metadata service, so a broken check cannot send traffic
  // off-host.

  @Test
  public void aRedirectToADeniedAddressIsDeniedWithoutTraffic() throws IOException {
    try (LoopbackHttpServer target = LoopbackHttpServer.start("127.0.0.3")) {
      target.on("/latest/meta-data/", LoopbackHttpServer.text(200, "text/plain", "secret"));
      server.on("/to-metadata", LoopbackHttpServer.redirect(302, target.url("/latest/meta-data/")));
      Configuration conf = denying("link-local, 127.0.0.3/32");
      conf.setInt(ProtocolKeys.REDIRECT_MAX, 3);
      try (HttpProtocol protocol = new HttpProtocol(conf)) {
        assertDenied(protocol.fetch(server.url("/to-metadata"), 0));
      }
      assertEquals(0, target.totalHits());
    }
  }

  @Test
  public void aRedirectToAHostNameOnADeniedAddressIsDenied() throws IOException {
    try (LoopbackHttpServer target = LoopbackHttpServer.start("127.0.0.3")) {
      target.on("/computeMetadata/v1/", LoopbackHttpServer.text(200, "text/plain", "secret"));
      server.on(
          "/hop",
          LoopbackHttpServer.redirect(
              301, "http://metadata.test:" + target.port() + "/computeMetadata/v1/"));
      Configuration conf = denying("link-local, 127.0.0.3/32");
      conf.setInt(ProtocolKeys.REDIRECT_MAX, 3);
      FakeDns dns = new FakeDns().map("metadata.test", "127.0.0.3");
      try (HttpProtocol protocol = new HttpProtocol(conf, dns)) {
        assertDenied(protocol.fetch(server.url("/hop"), 0));
      }
      assertEquals(0, target.totalHits());
    }
  }

  @Test
  public void robotsTxtOfADeniedHostIsNotFetchedAndRestrictsNothing() {
    try (HttpProtocol protocol = new HttpProtocol(denying("loopback"))) {
      RobotsRules rules = Robots.rules(protocol, server.url("/page"));
      assertTrue(rules.isAllowed(server.url("/page")));
      assertDenied(protocol.fetch(server.url("/page"), 0));
    }
    assertEquals(0, server.totalHits());
  }

  @Test
  public void requestsGoThroughTheProxyExceptForListedHosts() throws IOException {
    try (LoopbackHttpServer proxy = LoopbackHttpServer.start("127.0.0.2")) {
      proxy.on("/page", LoopbackHttpServer.text(200, "text/plain", "from proxy"));
      Configuration conf = ShortTimeouts.conf();
      conf.set(ProtocolKeys.PROXY_HOST, "127.0.0.2");
      conf.setInt(ProtocolKeys.PROXY_PORT, proxy.port());
      conf.set(ProtocolKeys.PROXY_EXCEPTION_LIST, "direct.test");
      FakeDns dns = new FakeDns().map("direct.test", "127.0.0.1").map("proxied.test", "127.0.0.1");
      try (HttpProtocol protocol = new HttpProtocol(conf, dns)) {
        ProtocolOutput viaProxy =
            protocol.fetch("http://proxied.test:" + server.port() + "/page", 0);
        assertEquals("from proxy", new String(viaProxy.getContent().getContent()));
        assertEquals(1, proxy.hits("/page"));
        ProtocolOutput direct = protocol.fetch("http://direct.test:" + server.port() + "/page", 0);
        assertEquals("page", new String(direct.getContent().getContent()));
        assertEquals(1, server.hits("/page"));
      }
    }
  }

  @Test
  public void aProxiedTargetIsStillCheckedAgainstDeniedAddresses() throws IOException {
    try (LoopbackHttpServer proxy = LoopbackHttpServer.start("127.0.0.2")) {
      proxy.on("/ok", LoopbackHttpServer.text(200, "text/plain", "proxied"));
      Configuration conf = denying("private");
      conf.set(ProtocolKeys.PROXY_HOST, "127.0.0.2");
      conf.setInt(ProtocolKeys.PROXY_PORT, proxy.port());
      FakeDns dns = new FakeDns().map("intranet.test", "10.1.2.3").map("public.test", "127.0.0.3");
      try (HttpProtocol protocol = new HttpProtocol(conf, dns)) {
        assertDenied(protocol.fetch("http://intranet.test/ok", 0));
        ProtocolOutput out = protocol.fetch("http://public.test/ok", 0);
        assertEquals(out.toString(), CrawlStatus.FETCH_SUCCESS, out.getStatus());
      }
      assertEquals(1, proxy.totalHits());
    }
  }

  @Test
  public void aPinnedNameIsFetchedAtItsAddressWithItsNameInTheHostHeader() {
    Configuration conf = ShortTimeouts.conf();
    conf.set(NetKeys.RESOLVE, "www.pinned-name.test:127.0.0.1");
    try (HttpProtocol protocol = new HttpProtocol(conf)) {
      ProtocolOutput out =
          protocol.fetch("http://www.pinned-name.test:" + server.port() + "/page", 0);
      assertEquals(out.toString(), CrawlStatus.FETCH_SUCCESS, out.getStatus());
    }
    assertEquals(
        "www.pinned-name.test:" + server.port(),
        server.lastRequestHeaders("/page").getFirst("Host"));
  }

  @Test
  public void aNamePinnedToADeniedAddressStaysDenied() {
    Configuration conf = denying("link-local, loopback");
    conf.set(NetKeys.RESOLVE, "www.pinned-name.test:127.0.0.1");
    try (HttpProtocol protocol = new HttpProtocol(conf)) {
      assertDenied(protocol.fetch("http://www.pinned-name.test:" + server.port() + "/page", 0));
    }
    assertEquals(0, server.totalHits());
  }

  @Test
  public void throughAProxyAPrivateTargetIsDeniedByDefaultAndAnUnresolvableOneRefused()
      throws IOException {
    try (LoopbackHttpServer proxy = LoopbackHttpServer.start("127.0.0.2")) {
      proxy.on("/ok", LoopbackHttpServer.text(200, "text/plain", "proxied"));
      Configuration conf = ShortTimeouts.conf();
      conf.set(ProtocolKeys.PROXY_HOST, "127.0.0.2");
      conf.setInt(ProtocolKeys.PROXY_PORT, proxy.port());
      FakeDns dns = new FakeDns().map("intranet.test", "10.1.2.3");
      try (HttpProtocol protocol = new HttpProtocol(conf, dns)) {
        assertDenied(protocol.fetch("http://intranet.test/ok", 0));
        ProtocolOutput unknown = protocol.fetch("http://nowhere.test/ok", 0);
        assertEquals(unknown.toString(), CrawlStatus.FETCH_RETRY, unknown.getStatus());
        assertEquals(unknown.toString(), "dns_failure", unknown.getReasonName());
      }
      assertEquals(0, proxy.totalHits());
    }
  }

  @Test
  public void numericSpellingsOfADeniedAddressAreDeniedWithoutTraffic() {
    Configuration conf = ShortTimeouts.conf();
    conf.set(ProtocolKeys.ADDRESS_ALLOW, ProtocolKeys.DEFAULT_ADDRESS_ALLOW);
    int port = server.port();
    try (HttpProtocol protocol = new HttpProtocol(conf)) {
      for (String host :
          new String[] {
            "2130706433",
            "0177.0.0.1",
            "0x7f.0.0.1",
            "[::ffff:127.0.0.1]",
            "[::1]",
            "0.0.0.0",
            "[::]"
          }) {
        assertDenied(protocol.fetch("http://" + host + ":" + port + "/page", 0));
      }
    }
    assertEquals(0, server.totalHits());
  }
}
