package org.trawler.console.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * The figure pass's output, read in one sorted stream: the histograms whole (they are small) and of
 * the hosts only the few a reader looks at (the biggest, the failing, the slowest), kept in bounded
 * queues so that a crawl of a million hosts still reads in little memory.
 */
public final class FigureTotals {
  /** One host's figures. */
  public record HostRow(
      String host, long urls, long fetched, long errors, long robotsDenied, long meanMs) {
    /** The mean response time, or -1 when none of its fetches was timed. */
    static HostRow of(String host, Map<Figure, Long> f) {
      long timed = f.getOrDefault(Figure.HOST_TIMED, 0L);
      return new HostRow(
          host,
          f.getOrDefault(Figure.HOST_URLS, 0L),
          f.getOrDefault(Figure.HOST_FETCHED, 0L),
          f.getOrDefault(Figure.HOST_ERRORS, 0L),
          f.getOrDefault(Figure.HOST_ROBOTS_DENIED, 0L),
          timed == 0 ? -1 : f.getOrDefault(Figure.HOST_RESPONSE_MS, 0L) / timed);
    }
  }

  private final Map<Figure, Map<String, Long>> histograms = new EnumMap<>(Figure.class);
  private final int keep;
  private final PriorityQueue<HostRow> biggest;
  private final PriorityQueue<HostRow> failing;
  private final PriorityQueue<HostRow> slowest;
  private long hosts;

  private String host;
  private final Map<Figure, Long> hostFigures = new EnumMap<>(Figure.class);

  /** Keeps {@code keep} hosts of each kind. */
  public FigureTotals(int keep) {
    this.keep = keep;
    this.biggest = new PriorityQueue<>(Comparator.comparingLong(HostRow::urls));
    this.failing = new PriorityQueue<>(Comparator.comparingLong(HostRow::errors));
    this.slowest = new PriorityQueue<>(Comparator.comparingLong(HostRow::meanMs));
  }

  /** Takes one output row, in key order. */
  public void add(String key, long value) {
    String[] f = key.split("\t", 3);
    if (f.length == 3 && f[0].equals(Figure.HOST)) {
      Figure figure = Figure.of(f[2]);
      if (figure == null) {
        return;
      }
      if (!f[1].equals(host)) {
        endHost();
        host = f[1];
      }
      hostFigures.merge(figure, value, Long::sum);
      return;
    }
    Figure figure = f.length == 2 ? Figure.of(f[0]) : null;
    if (figure != null) {
      histograms.computeIfAbsent(figure, x -> new TreeMap<>()).merge(f[1], value, Long::sum);
    }
  }

  private void endHost() {
    if (host == null) {
      return;
    }
    HostRow row = HostRow.of(host, hostFigures);
    hosts++;
    offer(biggest, row);
    if (row.errors() > 0) {
      offer(failing, row);
    }
    if (row.meanMs() >= 0) {
      offer(slowest, row);
    }
    hostFigures.clear();
    host = null;
  }

  private void offer(PriorityQueue<HostRow> queue, HostRow row) {
    queue.add(row);
    if (queue.size() > keep) {
      queue.poll();
    }
  }

  /** Ends the stream: the last host is counted. */
  public FigureTotals done() {
    endHost();
    return this;
  }

  /** The histogram of a figure, bucket → count (empty when nothing counted it). */
  public Map<String, Long> histogram(Figure figure) {
    return histograms.getOrDefault(figure, Map.of());
  }

  public long hosts() {
    return hosts;
  }

  /** The hosts kept (biggest, failing, slowest), each once, biggest first. */
  public List<HostRow> hostRows() {
    Map<String, HostRow> rows = new TreeMap<>();
    for (PriorityQueue<HostRow> q : List.of(biggest, failing, slowest)) {
      q.forEach(r -> rows.put(r.host(), r));
    }
    List<HostRow> list = new ArrayList<>(rows.values());
    list.sort(Comparator.comparingLong(HostRow::urls).reversed().thenComparing(HostRow::host));
    return list;
  }

  /**
   * The value at or below which {@code p} (0..1) of a numeric histogram's counts fall (its buckets'
   * lower bounds), or -1 for an empty one.
   */
  public static long percentile(Map<String, Long> histogram, double p) {
    TreeMap<Long, Long> sorted = new TreeMap<>();
    long total = 0;
    for (Map.Entry<String, Long> e : histogram.entrySet()) {
      sorted.merge(Long.parseLong(e.getKey()), e.getValue(), Long::sum);
      total += e.getValue();
    }
    if (total == 0) {
      return -1;
    }
    long rank = (long) Math.ceil(p * total);
    long seen = 0;
    for (Map.Entry<Long, Long> e : sorted.entrySet()) {
      seen += e.getValue();
      if (seen >= rank) {
        return e.getKey();
      }
    }
    return sorted.lastKey();
  }
}
