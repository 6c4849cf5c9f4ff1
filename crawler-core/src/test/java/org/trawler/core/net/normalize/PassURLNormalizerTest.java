package org.trawler.core.net.normalize;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class PassURLNormalizerTest {
  @Test
  public void urlIsReturnedUnchanged() {
    PassURLNormalizer pass = new PassURLNormalizer();
    for (String url : new String[] {"HTTP://Example.COM:80/a/../b#c", "not a url", ""}) {
      assertEquals(url, pass.normalize(url, "outlink"));
    }
  }
}
