package org.trawler.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A task's bounded table of one entry per key (a URL), written out in key order when it is full and
 * when the task ends: how a task combines the records it makes for the same few thousand URLs into
 * about one per URL before they leave it (invertlinks' inlinks, a parse task's linked datums). The
 * bound counts what its user says it holds (entries or the items in them). Not thread-safe.
 *
 * @param <K> the keys, written out in their natural order
 * @param <V> one key's entry
 */
public final class KeyOrderedTable<K extends Comparable<? super K>, V> {
  /** Where the entries go when the table is written out, one call per key. */
  public interface Sink<K, V> {
    void write(K key, V entry) throws IOException, InterruptedException;
  }

  private final long limit;
  private final Map<K, V> entries = new HashMap<>();
  private long held;

  /**
   * @param limit what the table holds before it is full; at least 1
   */
  public KeyOrderedTable(long limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("the table's limit must be at least 1: " + limit);
    }
    this.limit = limit;
  }

  /** The entry of {@code key}, or null. */
  public V get(K key) {
    return entries.get(key);
  }

  /**
   * The entry of {@code key}, made by {@code make} when there is none (store a copy of a key the
   * caller reuses).
   */
  public V entry(K key, Function<? super K, ? extends V> make) {
    return entries.computeIfAbsent(key, make);
  }

  /** Counts {@code n} more held; true when the table is full and should be written out. */
  public boolean hold(long n) {
    held += n;
    return isFull();
  }

  public boolean isFull() {
    return held >= limit;
  }

  /** Writes every entry to {@code sink} in key order and empties the table; the keys written. */
  public int writeTo(Sink<? super K, ? super V> sink) throws IOException, InterruptedException {
    List<K> keys = new ArrayList<>(entries.keySet());
    keys.sort(null);
    for (K key : keys) {
      sink.write(key, entries.get(key));
    }
    entries.clear();
    held = 0;
    return keys.size();
  }
}
