package org.trawler.core.net.normalize;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFileFixture;
import org.trawler.core.plugin.Plugin;

public class RegexURLNormalizerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static RegexURLNormalizer normalizer(Configuration conf) {
    return Plugin.configured(new RegexURLNormalizer(), conf);
  }

  private RegexURLNormalizer withRules(String... xmlLines) throws Exception {
    return normalizer(RuleFileFixture.confWithRules(tmp, NetKeys.REGEX_NORMALIZER_FILE, xmlLines));
  }

  private static RegexURLNormalizer shipped() {
    return normalizer(
        RuleFileFixture.confWithShipped(NetKeys.REGEX_NORMALIZER_FILE, "regex-normalize.xml"));
  }

  @Test
  public void shippedRulesRemoveSessionIdPathParameters() {
    RegexURLNormalizer n = shipped();
    assertEquals(
        "http://x.org/a?x=1", n.normalize("http://x.org/a;jsessionid=0A1B2C?x=1", "inject"));
    assertEquals("http://x.org/a/b", n.normalize("http://x.org/a;JSESSIONID=0A1B2C/b", "outlink"));
    assertEquals("http://x.org/a;v=1", n.normalize("http://x.org/a;v=1;phpsessid=zz", "outlink"));
    assertEquals("http://x.org/a;v=1", n.normalize("http://x.org/a;v=1", "outlink"));
  }

  @Test
  public void shippedRulesStripSessionIdQueryParametersAsNutchDoes() {
    RegexURLNormalizer n = shipped();
    // PHP's default session parameter, first of several
    assertEquals(
        "http://x.org/index.php?x=1",
        n.normalize(
            "http://x.org/index.php?PHPSESSID=0123456789abcdef0123456789abcdef&x=1", "outlink"));
    // phpBB puts sid last
    assertEquals(
        "http://x.org/forum/viewtopic.php?t=5",
        n.normalize(
            "http://x.org/forum/viewtopic.php?t=5&sid=d41d8cd98f00b204e9800998ecf8427e",
            "outlink"));
    // alone: the "?" goes too
    assertEquals("http://x.org/a", n.normalize("http://x.org/a?sid=abc123", "inject"));
    assertEquals(
        "http://x.org/a", n.normalize("http://x.org/a?sessionid=S1&jsessionid=J2", "inject"));
    // classic ASP: ASPSESSIONID and eight letters
    assertEquals(
        "http://x.org/default.asp?a=1",
        n.normalize(
            "http://x.org/default.asp?ASPSESSIONIDQQGGQGPG=ABCDEFGHIJKLMNOPQRSTUVWX&a=1",
            "outlink"));
    // BroadVision, as a support site linked it
    assertEquals(
        "http://x.org/cgi-bin/tais/su/su_sc_modItemList.jsp?moid=2106078&rpn=PSAE3U&ct=DL",
        n.normalize(
            "http://x.org/cgi-bin/tais/su/su_sc_modItemList.jsp?moid=2106078&rpn=PSAE3U&ct=DL"
                + "&BV_SessionID=@@@@1776304602.1222892857@@@@"
                + "&BV_EngineID=ccccadefflgmjefcgfkceghdgngdgnn.0",
            "outlink"));
    // BroadVision in the path and the query
    assertEquals(
        "http://x.org/app/com_page_template.do?type=home",
        n.normalize(
            "http://x.org/app/com_page_template.do;BV_SessionID=97B0E29A.ee24ea7f"
                + "?type=home&BV_SessionID=97B0E29A.ee24ea7f",
            "outlink"));
    // osCommerce in the middle
    assertEquals(
        "http://x.org/product_info.php?products_id=42&page=2",
        n.normalize("http://x.org/product_info.php?products_id=42&osCsid=8c1f&page=2", "outlink"));
  }

  @Test
  public void shippedRulesKeepParametersThatOnlyLookLikeSessionIds() {
    RegexURLNormalizer n = shipped();
    for (String url :
        new String[] {
          "http://x.org/a?side=left&psid=7",
          "http://x.org/a?sidebar=0",
          "http://x.org/a?x=1&mysid=2",
          "http://x.org/sid=1/b",
          "http://x.org/a?q=sid%3D1"
        }) {
      assertEquals(url, n.normalize(url, "outlink"));
    }
  }

  @Test
  public void shippedRulesStripTrackingParametersAndKeepTheRest() {
    RegexURLNormalizer n = shipped();
    // a newsletter link: every campaign tag goes, and the "?" with them
    assertEquals(
        "http://x.org/news/1.html",
        n.normalize(
            "http://x.org/news/1.html?utm_source=newsletter&utm_medium=email&utm_campaign=c7",
            "outlink"));
    // tags around a real parameter
    assertEquals(
        "http://x.org/item?id=42",
        n.normalize("http://x.org/item?UTM_Source=x&id=42&fbclid=IwAR0abc", "outlink"));
    assertEquals(
        "http://x.org/item?id=42&page=2#top",
        n.normalize(
            "http://x.org/item?gclid=Cj0K&id=42&mc_cid=9f&mc_eid=a1&page=2&msclkid=77#top",
            "inject"));
    // names that only look like them stay
    for (String url :
        new String[] {
          "http://x.org/a?utm=1",
          "http://x.org/a?gclid_x=1&xfbclid=2",
          "http://x.org/a?q=utm_source%3Dx",
          "http://x.org/utm_source=x/b"
        }) {
      assertEquals(url, n.normalize(url, "outlink"));
    }
  }

  @Test
  public void shippedRulesCollapseDuplicateSlashesInThePathOnly() {
    RegexURLNormalizer n = shipped();
    assertEquals(
        "http://x.org/a/b/c?u=http://y.org//z",
        n.normalize("http://x.org/a//b///c?u=http://y.org//z", "outlink"));
    assertEquals("http://x.org/", n.normalize("http://x.org//", "outlink"));
    assertEquals("http://x.org/a/", n.normalize("http://x.org//a//", "outlink"));
    assertEquals("http://x.org/a/b", n.normalize("http://x.org/a/b", "outlink"));
    assertEquals("mailto:a//b", n.normalize("mailto:a//b", "outlink"));
    assertEquals("http://x.org/a#//b", n.normalize("http://x.org/a#//b", "outlink"));
  }

  @Test
  public void shippedRulesHandleVeryLongUrls() {
    String path = "/a/".repeat(3_400);
    String result = shipped().normalize("http://x.org" + path, "outlink");
    assertEquals("http://x.org" + "/a".repeat(3_400) + "/", result);
  }

  @Test
  public void rulesApplyInFileOrderWithGroups() throws Exception {
    RegexURLNormalizer n =
        withRules(
            "<regex-normalize>",
            "<regex><pattern>^http://(www\\.)?old\\.com/</pattern>",
            "  <substitution>http://new.com/</substitution></regex>",
            "<regex><pattern>new\\.com/(\\w+)</pattern><substitution>new.com/x-$1</substitution></regex>",
            "</regex-normalize>");
    assertEquals("http://new.com/x-page", n.normalize("http://www.old.com/page", "inject"));
  }

  @Test
  public void scopedRuleAppliesOnlyInItsScopes() throws Exception {
    RegexURLNormalizer n =
        withRules(
            "<regex-normalize>",
            "<regex scope='outlink, fetcher'><pattern>\\?.*</pattern></regex>",
            "<regex><pattern>HTTP</pattern><substitution>http</substitution></regex>",
            "</regex-normalize>");
    assertEquals("http://x.org/a", n.normalize("HTTP://x.org/a?b", "outlink"));
    assertEquals("http://x.org/a", n.normalize("HTTP://x.org/a?b", "fetcher"));
    assertEquals("http://x.org/a?b", n.normalize("HTTP://x.org/a?b", "inject"));
    assertEquals("http://x.org/a?b", n.normalize("HTTP://x.org/a?b", null));
  }

  @Test
  public void missingSubstitutionDeletesTheMatch() throws Exception {
    RegexURLNormalizer n =
        withRules(
            "<regex-normalize><regex><pattern>/index\\.html$</pattern></regex></regex-normalize>");
    assertEquals("http://x.org", n.normalize("http://x.org/index.html", "inject"));
  }

  @Test
  public void badPatternNamesTheFileAndRule() throws Exception {
    try {
      withRules(
          "<regex-normalize><regex><pattern>a</pattern></regex>",
          "<regex><pattern>(unclosed</pattern></regex></regex-normalize>");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith(NetKeys.REGEX_NORMALIZER_FILE + ": "));
      assertTrue(e.getMessage(), e.getMessage().contains("rule 2: bad pattern"));
    }
  }

  @Test
  public void ruleWithoutPatternIsAnError() throws Exception {
    try {
      withRules("<regex-normalize><regex><substitution>x</substitution></regex></regex-normalize>");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("rule 1 has no <pattern>"));
    }
  }

  @Test
  public void notXmlIsAnError() throws Exception {
    try {
      withRules("+^http://");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(
          e.getMessage(), e.getMessage().contains("not a readable regex-normalize XML file"));
    }
  }

  @Test
  public void unsetFileMeansNoRules() {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.REGEX_NORMALIZER_FILE, "");
    assertEquals("HTTP://x//y", normalizer(conf).normalize("HTTP://x//y", "inject"));
  }

  @Test
  public void theRulesAreReadOnceWhenConfiguredNotPerUrl() throws Exception {
    Configuration conf =
        RuleFileFixture.confWithRules(
            tmp,
            NetKeys.REGEX_NORMALIZER_FILE,
            "<regex-normalize><regex><pattern>a</pattern><substitution>b</substitution></regex>"
                + "</regex-normalize>");
    RegexURLNormalizer n = normalizer(conf);
    assertEquals("http://x.org/b", n.normalize("http://x.org/a", "inject"));
    Files.delete(new File(conf.get(NetKeys.REGEX_NORMALIZER_FILE)).toPath());
    assertEquals("http://x.org/b", n.normalize("http://x.org/a", "inject"));
  }

  @Test
  public void anEditedRuleFileIsReadAgain() throws Exception {
    Configuration conf =
        RuleFileFixture.confWithRules(
            tmp,
            NetKeys.REGEX_NORMALIZER_FILE,
            "<regex-normalize><regex><pattern>a</pattern><substitution>b</substitution></regex>"
                + "</regex-normalize>");
    assertEquals("http://x.org/b", normalizer(conf).normalize("http://x.org/a", "inject"));
    Files.writeString(
        new File(conf.get(NetKeys.REGEX_NORMALIZER_FILE)).toPath(),
        "<regex-normalize><regex><pattern>a</pattern><substitution>c</substitution></regex>"
            + "</regex-normalize>\n");
    assertEquals("http://x.org/c", normalizer(conf).normalize("http://x.org/a", "inject"));
  }

  @Test
  public void aBadRuleFileFailsEveryTime() throws Exception {
    Configuration conf = RuleFileFixture.confWithRules(tmp, NetKeys.REGEX_NORMALIZER_FILE, "+^x");
    for (int i = 0; i < 2; i++) {
      try {
        normalizer(conf);
        fail();
      } catch (IllegalArgumentException e) {
        assertTrue(
            e.getMessage(), e.getMessage().contains("not a readable regex-normalize XML file"));
      }
    }
  }
}
