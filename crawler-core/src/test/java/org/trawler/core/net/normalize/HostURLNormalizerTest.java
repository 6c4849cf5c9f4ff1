package org.trawler.core.net.normalize;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFileFixture;
import org.trawler.core.plugin.Plugin;

public class HostURLNormalizerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private HostURLNormalizer normalizer;

  private HostURLNormalizer withRules(String... lines) throws Exception {
    return Plugin.configured(
        new HostURLNormalizer(),
        RuleFileFixture.confWithRules(tmp, NetKeys.HOST_NORMALIZER_FILE, lines));
  }

  @Before
  public void setUp() throws Exception {
    normalizer =
        withRules(
            "# aliases",
            "www.example.com   example.com",
            "*.example.org     example.org",
            "*.a.example.org   a.example.org",
            "*.example.net     *.example.com",
            "WWW.*             *",
            "mirror.*          *");
  }

  @Test
  public void exactHostIsReplaced() {
    assertEquals(
        "http://example.com/a", normalizer.normalize("http://www.example.com/a", "inject"));
  }

  @Test
  public void subdomainsFoldIntoTheDomain() {
    assertEquals("http://example.org/", normalizer.normalize("http://x.y.example.org/", "inject"));
    assertEquals("http://example.org/", normalizer.normalize("http://example.org/", "inject"));
  }

  @Test
  public void longestDomainRuleWins() {
    assertEquals(
        "http://a.example.org/", normalizer.normalize("http://b.a.example.org/", "inject"));
  }

  @Test
  public void starInTargetTakesWhatThePatternStarMatched() {
    assertEquals(
        "http://docs.example.com/x", normalizer.normalize("http://docs.example.net/x", "inject"));
    assertEquals("http://foo.com/", normalizer.normalize("http://www.foo.com/", "inject"));
  }

  @Test
  public void exactHostRuleComesBeforePrefixRule() {
    assertEquals("http://example.com/", normalizer.normalize("http://www.example.com/", "inject"));
  }

  @Test
  public void prefixRulesApplyInFileOrderOnce() {
    assertEquals(
        "http://mirror.foo.com/", normalizer.normalize("http://www.mirror.foo.com/", "inject"));
  }

  @Test
  public void portUserInfoPathAndQueryAreKept() {
    assertEquals(
        "https://u:p@example.com:8443/a?b=www.example.com",
        normalizer.normalize("https://u:p@www.example.com:8443/a?b=www.example.com", "inject"));
  }

  @Test
  public void hostIsMatchedIgnoringCase() {
    assertEquals("http://example.com/", normalizer.normalize("http://WWW.Example.COM/", "inject"));
  }

  @Test
  public void unmatchedUrlsAreUnchanged() {
    for (String url :
        new String[] {
          "http://other.com/", "mailto:www.example.com", "http://www./", "http://[::1]:8080/"
        }) {
      assertEquals(url, normalizer.normalize(url, "inject"));
    }
  }

  @Test
  public void shippedFileHasNoRules() {
    HostURLNormalizer shipped =
        Plugin.configured(
            new HostURLNormalizer(),
            RuleFileFixture.confWithShipped(NetKeys.HOST_NORMALIZER_FILE, "host-normalize.txt"));
    assertEquals("http://www.example.com/", shipped.normalize("http://www.example.com/", "inject"));
  }

  @Test
  public void lineWithoutTargetNamesItsLine() throws Exception {
    try {
      withRules("# comment", "www.example.com");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(" line 2: expected 'pattern target'"));
    }
  }

  @Test
  public void starInTheMiddleIsAnError() throws Exception {
    try {
      withRules("www.*.com example.com");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(" line 1: a * must be a whole"));
    }
  }
}
