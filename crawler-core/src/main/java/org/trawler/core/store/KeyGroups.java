package org.trawler.core.store;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;

/**
 * The k-way merge of key-sorted parts: hands out each URL (or site) once, with the records every
 * part holds for it, in key order, reading one record per part at a time.
 */
public final class KeyGroups implements Closeable {
  private final PriorityQueue<PartCursor> heads =
      new PriorityQueue<>(Comparator.comparing(PartCursor::key));

  /** Adds a part to the merge; a null cursor (an empty part) adds nothing. */
  public void add(PartCursor cursor) {
    if (cursor != null) {
      heads.add(cursor);
    }
  }

  /** The next key and its records, one per part holding it; null when every part is read. */
  public Group next() throws IOException, UserException {
    if (heads.isEmpty()) {
      return null;
    }
    Text key = heads.peek().key();
    List<PartCursor.Record> records = new ArrayList<>();
    while (!heads.isEmpty() && heads.peek().key().equals(key)) {
      PartCursor cursor = heads.poll();
      records.add(new PartCursor.Record(cursor.part(), cursor.value()));
      if (cursor.advance()) {
        heads.add(cursor);
      } else {
        cursor.close();
      }
    }
    return new Group(key, records);
  }

  @Override
  public void close() throws IOException {
    for (PartCursor cursor : heads) {
      cursor.close();
    }
    heads.clear();
  }

  /** One key and what the parts hold for it. */
  public record Group(Text key, List<PartCursor.Record> records) {}
}
