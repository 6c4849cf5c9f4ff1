package org.trawler.jobs.fetch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;

/** A SegmentOutput that keeps what it gets, for tests. */
final class ListOutput implements SegmentOutput {
  final List<Map.Entry<String, Writable>> records = new ArrayList<>();
  final Map<String, Long> counters = new HashMap<>();

  @Override
  public synchronized void write(Text key, Writable record) {
    records.add(Map.entry(key.toString(), record));
  }

  @Override
  public synchronized void count(String group, String name, long amount) {
    counters.merge(group + "/" + name, amount, Long::sum);
  }

  synchronized long counter(String group, String name) {
    return counters.getOrDefault(group + "/" + name, 0L);
  }

  synchronized Map<String, CrawlDatum> datums() {
    Map<String, CrawlDatum> datums = new HashMap<>();
    for (Map.Entry<String, Writable> e : records) {
      if (e.getValue() instanceof CrawlDatum) {
        datums.put(e.getKey(), (CrawlDatum) e.getValue());
      }
    }
    return datums;
  }

  synchronized Map<String, Content> contents() {
    Map<String, Content> contents = new HashMap<>();
    for (Map.Entry<String, Writable> e : records) {
      if (e.getValue() instanceof Content) {
        contents.put(e.getKey(), (Content) e.getValue());
      }
    }
    return contents;
  }
}
