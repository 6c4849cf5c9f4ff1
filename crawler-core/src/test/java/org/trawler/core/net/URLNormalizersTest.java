package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.net.normalize.BasicURLNormalizer;
import org.trawler.core.net.normalize.PassURLNormalizer;
import org.trawler.core.net.normalize.QueryStringURLNormalizer;

public class URLNormalizersTest {
  /** Drops every URL: shows that the composite stops at a null. */
  public static class DropAll implements URLNormalizer {
    @Override
    public String normalize(String url, String scope) {
      return null;
    }
  }

  /** Appends the scope: shows which normalizers ran, in which order. */
  public static class AppendScope implements URLNormalizer {
    @Override
    public String normalize(String url, String scope) {
      return url + "|" + scope;
    }
  }

  /** Has no no-argument constructor. */
  public static class NeedsArgument implements URLNormalizer {
    public NeedsArgument(String unused) {}

    @Override
    public String normalize(String url, String scope) {
      return url;
    }
  }

  private static Configuration conf(String order) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.NORMALIZER_ORDER, order);
    return conf;
  }

  @Test
  public void normalizersRunInConfiguredOrder() throws Exception {
    URLNormalizers normalizers =
        new URLNormalizers(
            conf(
                BasicURLNormalizer.class.getName()
                    + ", "
                    + QueryStringURLNormalizer.class.getName()
                    + "\n "
                    + AppendScope.class.getName()));
    assertEquals(
        "http://x.org/?a=1&b=2|inject",
        normalizers.normalize("HTTP://X.org:80?b=2&a=1#f", URLNormalizers.SCOPE_INJECT));
  }

  @Test
  public void scopeOrderOverridesTheDefaultOrder() throws Exception {
    Configuration conf = conf(BasicURLNormalizer.class.getName());
    conf.set(
        NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + URLNormalizers.SCOPE_OUTLINK,
        PassURLNormalizer.class.getName());
    URLNormalizers normalizers = new URLNormalizers(conf);
    String url = "HTTP://X.org/a/../b";
    assertEquals(url, normalizers.normalize(url, URLNormalizers.SCOPE_OUTLINK));
    assertEquals("http://x.org/b", normalizers.normalize(url, URLNormalizers.SCOPE_INJECT));
    assertEquals("http://x.org/b", normalizers.normalize(url, null));
    assertTrue(
        normalizers.normalizersFor(URLNormalizers.SCOPE_OUTLINK).get(0)
            instanceof PassURLNormalizer);
  }

  @Test
  public void emptyScopeOrderMeansNoNormalizing() throws Exception {
    Configuration conf = conf(BasicURLNormalizer.class.getName());
    conf.set(NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + URLNormalizers.SCOPE_LINKDB, "");
    assertEquals("HTTP://X/", new URLNormalizers(conf).normalize("HTTP://X/", "linkdb"));
  }

  @Test
  public void membersAreCreatedOncePerScope() {
    URLNormalizers normalizers = new URLNormalizers(conf(BasicURLNormalizer.class.getName()));
    assertSame(
        normalizers.normalizersFor("inject").get(0), normalizers.normalizersFor("inject").get(0));
  }

  @Test
  public void nullStopsTheChain() throws Exception {
    URLNormalizers normalizers =
        new URLNormalizers(conf(DropAll.class.getName() + "," + AppendScope.class.getName()));
    assertNull(normalizers.normalize("http://x/", "inject"));
  }

  @Test
  public void malformedUrlPropagates() {
    URLNormalizers normalizers = new URLNormalizers(conf(BasicURLNormalizer.class.getName()));
    try {
      normalizers.normalize("no scheme", "inject");
      fail();
    } catch (java.net.MalformedURLException expected) {
      assertTrue(expected.getMessage().contains("no scheme"));
    }
  }

  @Test
  public void unknownClassGivesClearError() {
    URLNormalizers normalizers = new URLNormalizers(conf("org.example.NoSuchNormalizer"));
    try {
      normalizers.normalize("http://x/", "inject");
      fail();
    } catch (IllegalArgumentException | java.net.MalformedURLException e) {
      assertEquals(
          "urlnormalizer.order: class org.example.NoSuchNormalizer is not on the classpath",
          e.getMessage());
    }
  }

  @Test
  public void unknownClassInScopeOrderNamesTheScopeKey() {
    Configuration conf = conf(PassURLNormalizer.class.getName());
    conf.set("urlnormalizer.order.fetcher", "Nope");
    try {
      new URLNormalizers(conf).normalizersFor("fetcher");
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals(
          "urlnormalizer.order.fetcher: class Nope is not on the classpath", e.getMessage());
    }
  }

  @Test
  public void classOfWrongTypeGivesClearError() {
    try {
      new URLNormalizers(conf(String.class.getName())).normalizersFor("inject");
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals(
          "urlnormalizer.order: class java.lang.String is not a " + URLNormalizer.class.getName(),
          e.getMessage());
    }
  }

  @Test
  public void classWithoutNoArgumentConstructorGivesClearError() {
    try {
      new URLNormalizers(conf(NeedsArgument.class.getName())).normalizersFor("inject");
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals(
          "urlnormalizer.order: class "
              + NeedsArgument.class.getName()
              + " has no constructor without arguments",
          e.getMessage());
    }
  }

  @Test
  public void aMemberTheTaskBuiltIsTakenAsItIsInsteadOfCreatedAgain() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.NORMALIZER_ORDER, AppendScope.class.getName() + "," + DropAll.class.getName());
    AppendScope built = new AppendScope();
    URLNormalizers n = URLNormalizers.forScope(conf, "outlink", java.util.List.of(built));
    assertSame(built, n.normalizersFor("outlink").get(0));
    assertEquals(DropAll.class, n.normalizersFor("outlink").get(1).getClass());
    assertNull(n.normalize("http://a/", "outlink"));
  }
}
