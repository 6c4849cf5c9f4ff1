package org.trawler.core.net.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFileFixture;
import org.trawler.core.plugin.Plugin;

public class DomainURLFilterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private DomainURLFilter filter;

  private DomainURLFilter withRules(String... lines) throws Exception {
    return Plugin.configured(
        new DomainURLFilter(),
        RuleFileFixture.confWithRules(tmp, NetKeys.DOMAIN_FILTER_FILE, lines));
  }

  @Before
  public void setUp() throws Exception {
    filter =
        withRules(
            "# sites",
            "Example.com",
            "blog.example.org",
            "example.co.uk",
            "de",
            "bücher.ch.",
            "127.0.0.1",
            "[::1]");
  }

  private void assertAccepted(String url) {
    assertEquals(url, filter.filter(url));
  }

  private void assertRejected(String url) {
    assertNull(url, filter.filter(url));
  }

  @Test
  public void registeredDomainAcceptsItsHosts() {
    assertAccepted("http://example.com/");
    assertAccepted("http://www.example.com/a");
    assertAccepted("https://a.b.example.com:8443/");
    assertAccepted("http://a.b.example.co.uk/");
    assertRejected("http://notexample.com/");
    assertRejected("http://example.com.evil.org/");
    assertRejected("http://other.co.uk/");
  }

  @Test
  public void listedHostAcceptsOnlyThatHost() {
    assertAccepted("http://blog.example.org/post");
    assertRejected("http://example.org/");
    assertRejected("http://www.example.org/");
  }

  @Test
  public void publicSuffixAcceptsEveryHostUnderIt() {
    assertAccepted("http://any.de/");
    assertAccepted("http://x.y.de/");
    assertRejected("http://x.dk/");
  }

  @Test
  public void idnEntryMatchesPunycodeHost() {
    assertAccepted("http://xn--bcher-kva.ch/");
    assertAccepted("http://www.xn--bcher-kva.ch/");
  }

  @Test
  public void hostCaseAndTrailingDotDoNotMatter() {
    assertAccepted("http://WWW.EXAMPLE.COM./");
  }

  @Test
  public void ipHostsMatchWhenListed() {
    assertAccepted("http://127.0.0.1:8080/");
    assertAccepted("http://[::1]:8080/");
    assertRejected("http://127.0.0.2/");
  }

  @Test
  public void urlWithoutHostIsRejected() {
    assertRejected("mailto:someone@example.com");
    assertRejected("file:///tmp/example.com");
  }

  @Test
  public void shippedEmptyFileAcceptsEverything() {
    DomainURLFilter shipped =
        Plugin.configured(
            new DomainURLFilter(),
            RuleFileFixture.confWithShipped(NetKeys.DOMAIN_FILTER_FILE, "domain-urlfilter.txt"));
    assertEquals("http://anything.example/", shipped.filter("http://anything.example/"));
    assertEquals("mailto:x", shipped.filter("mailto:x"));
  }

  @Test
  public void badNameIsAnError() throws Exception {
    try {
      withRules("ok.com", "bad..name");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(" line 2: not a domain name"));
    }
  }
}
