package org.trawler.simweb;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Generated documents by URL, least recently used dropped first beyond a byte budget: simweb serves
 * a document many times, and writing a PDF costs far more than sending it.
 */
final class DocumentCache {
  private final long maxBytes;
  private final LinkedHashMap<String, byte[]> byUrl = new LinkedHashMap<>(64, 0.75f, true);
  private long bytes;

  DocumentCache(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** The cached bytes of {@code url}, else what {@code write} makes (outside the lock), kept. */
  byte[] get(String url, Supplier<byte[]> write) {
    synchronized (this) {
      byte[] cached = byUrl.get(url);
      if (cached != null) {
        return cached;
      }
    }
    byte[] made = write.get(); // two threads may both write it: the same bytes, once kept
    synchronized (this) {
      if (byUrl.putIfAbsent(url, made) == null) {
        bytes += made.length;
        Iterator<Map.Entry<String, byte[]>> eldest = byUrl.entrySet().iterator();
        while (bytes > maxBytes && byUrl.size() > 1 && eldest.hasNext()) {
          Map.Entry<String, byte[]> e = eldest.next();
          if (!e.getKey().equals(url)) {
            bytes -= e.getValue().length;
            eldest.remove();
          }
        }
      }
    }
    return made;
  }
}
