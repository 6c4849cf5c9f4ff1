package org.trawler.core.parse;

import org.trawler.core.net.URLNormalizer;

/** Test normalizer with a bug: throws on every URL. */
public class BrokenNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) {
    throw new IllegalStateException("normalizer bug");
  }
}
