package org.trawler.jobs.parse;

import org.trawler.core.net.URLNormalizer;

/**
 * Test normalizer with a bug that shows on URLs containing "explode": their pages fail to parse.
 */
public class ExplodingNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) {
    if (url.contains("explode")) {
      throw new IllegalStateException("normalizer bug on " + url);
    }
    return url;
  }
}
