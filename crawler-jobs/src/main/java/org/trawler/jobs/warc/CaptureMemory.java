package org.trawler.jobs.warc;

import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The response records a task has written, by payload digest and by URL, so a repeated payload or a
 * 304 can refer to the record it repeats. Bounded: the least recently used are forgotten, and a
 * repeat of a forgotten payload is archived in full again.
 */
final class CaptureMemory {
  /** A record written: its id, target URI and date (what WARC-Refers-To-* name). */
  record Prior(URI recordId, String targetUri, Instant date) {}

  private final Map<String, Prior> byDigest;
  private final Map<String, Prior> byUrl;

  CaptureMemory(int capacity) {
    byDigest = lru(capacity);
    byUrl = lru(capacity);
  }

  /** The first response record with this payload digest, or null. */
  Prior withPayload(String digest) {
    return byDigest.get(digest);
  }

  /** The last response record of this URL, or null. */
  Prior lastOf(String url) {
    return byUrl.get(url);
  }

  /** Remembers a response record written with a full payload. */
  void remember(String payloadDigest, Prior prior) {
    if (payloadDigest != null) {
      byDigest.putIfAbsent(payloadDigest, prior);
    }
    byUrl.put(prior.targetUri(), prior);
  }

  private static <V> Map<String, V> lru(int capacity) {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
        return size() > capacity;
      }
    };
  }
}
