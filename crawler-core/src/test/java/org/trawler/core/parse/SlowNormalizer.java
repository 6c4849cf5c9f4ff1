package org.trawler.core.parse;

import org.trawler.core.net.URLNormalizer;

/**
 * Test normalizer: takes 30 seconds per URL (or until interrupted), to make a parse overrun its
 * time.
 */
public class SlowNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) {
    try {
      Thread.sleep(30_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return url;
  }
}
