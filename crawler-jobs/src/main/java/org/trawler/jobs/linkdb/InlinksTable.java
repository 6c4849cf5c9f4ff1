package org.trawler.jobs.linkdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.jobs.KeyOrderedTable;

/**
 * The inlinks one invertlinks map task has inverted, gathered per target URL in a table of at most
 * {@value LinkDbKeys#DEFAULT_COMBINE_INLINKS} inlinks (by default) and written out, merged by
 * {@link InlinksMerge} (each (from URL, anchor) once, capped), when it is full and when the task
 * ends. Link-heavy pages link the same few thousand URLs from every page: the map output shrinks
 * from one record per link to about one per URL and table, and the reduce, which merges by the same
 * rule, makes the same linkdb of it. The table is the one bounded per-task table ({@link
 * KeyOrderedTable}), bounded by inlinks held. Not thread-safe.
 */
final class InlinksTable {
  /** Where the merged inlinks go, one call per target URL. */
  interface Sink {
    void write(String target, Inlinks inlinks) throws IOException, InterruptedException;
  }

  private final KeyOrderedTable<String, List<Outlink>> byTarget;
  private final int maxInlinks;

  /**
   * @param maxHeld inlinks held before {@link #add} reports the table full; at least 1
   * @param maxInlinks inlinks kept per URL ({@link LinkDb#maxInlinks}); negative = all
   */
  InlinksTable(int maxHeld, int maxInlinks) {
    if (maxHeld < 1) {
      throw new IllegalArgumentException("maxHeld must be at least 1: " + maxHeld);
    }
    this.byTarget = new KeyOrderedTable<>(maxHeld);
    this.maxInlinks = maxInlinks;
  }

  /** Adds one inlink of {@code target}; true when the table is full and should be written out. */
  boolean add(String target, String fromUrl, String anchor) {
    byTarget.entry(target, t -> new ArrayList<>()).add(new Outlink(fromUrl, anchor));
    return byTarget.hold(1);
  }

  /** Writes each target's merged inlinks to {@code sink}, in URL order, and empties the table. */
  void writeTo(Sink sink) throws IOException, InterruptedException {
    byTarget.writeTo(
        (target, inlinks) -> sink.write(target, InlinksMerge.mergeSorting(inlinks, maxInlinks)));
  }
}
