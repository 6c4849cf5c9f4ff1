package org.trawler.core.parse;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.trawler.core.net.URLNormalizer;

/** Test normalizer: leaves URLs as they are and counts how often each was normalized. */
public class CountingNormalizer implements URLNormalizer {
  /** URL → calls; tests clear it first (the parser makes its own instance). */
  static final Map<String, AtomicInteger> CALLS = new ConcurrentHashMap<>();

  @Override
  public String normalize(String url, String scope) {
    CALLS.computeIfAbsent(url, u -> new AtomicInteger()).incrementAndGet();
    return url;
  }
}
