package org.trawler.simweb.bench;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.fetch.FetcherSettings;
import org.trawler.jobs.fetch.render.RenderKeys;
import org.trawler.jobs.fetch.render.Renderer;
import org.trawler.jobs.parse.SegmentParser;

/**
 * {@code bench --render N}: N script pages of a simweb (--js-pct 100, in its own JVM) fetched and
 * parsed as a fetch task with fetcher.parse does it, first without rendering, then rendered with 2
 * and with 4 browsers (one fetcher thread per browser, no politeness delay: the browsers' cost, not
 * the site's). Figures per configuration: pages per wall second, pages per CPU second (this JVM's
 * CPU plus its browsers' processes', sampled every 100 ms; the server's is not counted) and the
 * peak of the summed proportional set sizes (PSS: a page shared by n processes counts 1/n in each)
 * of this JVM and its browsers' processes, beside the peak of their summed resident sets, which
 * counts Chromium's shared pages once per process.
 */
final class RenderBenchmark {
  /** One configuration's figures. */
  record Figures(
      String config,
      int browsers,
      int pages,
      int rendered,
      double wallSeconds,
      double cpuSeconds,
      long peakPssBytes,
      long peakRssBytes) {
    double pagesPerSecond() {
      return pages / wallSeconds;
    }

    double pagesPerCpuSecond() {
      return pages / cpuSeconds;
    }
  }

  private static final long SAMPLE_MILLIS = 100;

  private final Configuration conf;
  private final PrintStream out;
  private long serverPid = -1;

  RenderBenchmark(Configuration conf, PrintStream out) {
    this.conf = conf;
    this.out = out;
  }

  /**
   * Fetches, renders and parses {@code pages} (URLs) in each configuration; the process {@code
   * serverPid} (the site, a child of this JVM too) is not counted.
   */
  List<Figures> run(List<String> pages, long serverPid) throws Exception {
    this.serverPid = serverPid;
    out.printf("bench: %d script pages; load average %s%n", pages.size(), BenchJson.loadAverage());
    measure("warm-up", 0, pages.subList(0, Math.min(pages.size(), 50)));
    List<Figures> figures = new ArrayList<>();
    figures.add(measure("unrendered", 0, pages));
    figures.add(measure("rendered", 2, pages));
    figures.add(measure("rendered", 4, pages));
    out.printf("bench: load average after %s%n", BenchJson.loadAverage());
    return figures;
  }

  private Figures measure(String name, int browsers, List<String> pages) throws Exception {
    Configuration c = new Configuration(conf);
    c.setBoolean(ProtocolKeys.RENDER, browsers > 0);
    c.setInt(RenderKeys.BROWSERS, Math.max(1, browsers));
    int threads = Math.max(2, browsers);
    ConcurrentLinkedQueue<String> todo = new ConcurrentLinkedQueue<>(pages);
    AtomicInteger rendered = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    Sampler sampler = new Sampler(serverPid);
    long cpuStart = processCpuNanos();
    long start = System.nanoTime();
    try (Protocol protocol = FetcherSettings.newProtocol(c);
        Renderer renderer = Renderer.open(c, protocol, (group, counter, n) -> {});
        SegmentParser parser = new SegmentParser(c)) {
      sampler.start();
      List<Thread> workers = new ArrayList<>();
      List<Exception> failures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Thread w =
            new Thread(
                () -> {
                  try {
                    String url;
                    while ((url = todo.poll()) != null) {
                      ProtocolOutput got = protocol.fetch(url, 0);
                      if (renderer != null) {
                        got =
                            renderer.render(
                                got,
                                RobotsRules.allowAll(),
                                u -> RobotsRules.allowAll(),
                                Renderer.Watch.NONE);
                      }
                      if (got.getStatus() == CrawlStatus.FETCH_SUCCESS) {
                        if (got.getContent().isRendered()) {
                          rendered.incrementAndGet();
                        }
                        parser.parse(new Text(url), got.getContent(), 0L, (k, v) -> {});
                      }
                      done.incrementAndGet();
                    }
                  } catch (Exception e) {
                    synchronized (failures) {
                      failures.add(e);
                    }
                  }
                });
        workers.add(w);
        w.start();
      }
      for (Thread w : workers) {
        w.join();
      }
      if (!failures.isEmpty()) {
        throw failures.get(0);
      }
    } finally {
      sampler.stop();
    }
    double wall = (System.nanoTime() - start) / 1e9;
    double cpu = (processCpuNanos() - cpuStart) / 1e9 + sampler.childCpuSeconds();
    Figures f =
        new Figures(
            name,
            browsers,
            done.get(),
            rendered.get(),
            wall,
            cpu,
            sampler.peakPssBytes,
            sampler.peakRssBytes);
    out.printf(
        "bench: %-10s browsers %d: %d pages (%d rendered) in %.1f s: %.1f pages/s, %.1f CPU-s,"
            + " %.2f pages/CPU-s, peak PSS %.0f MB, RSS %.0f MB (JVM + browsers)%n",
        f.config(),
        f.browsers(),
        f.pages(),
        f.rendered(),
        f.wallSeconds(),
        f.pagesPerSecond(),
        f.cpuSeconds(),
        f.pagesPerCpuSecond(),
        f.peakPssBytes() / 1e6,
        f.peakRssBytes() / 1e6);
    return f;
  }

  /**
   * Samples this JVM's and its descendants' resident sets (the peak of their sum) and the
   * descendants' CPU time (the last seen per process, so that a browser stopped and restarted still
   * counts).
   */
  private static final class Sampler implements Runnable {
    private final Map<Long, Long> childCpuNanos = new HashMap<>();
    private final long skipPid;
    private volatile long peakRssBytes;
    private volatile long peakPssBytes;
    private volatile boolean stopped;
    private Thread thread;

    Sampler(long skipPid) {
      this.skipPid = skipPid;
    }

    void start() {
      thread = new Thread(this, "bench-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    void stop() throws InterruptedException {
      stopped = true;
      if (thread != null) {
        thread.join();
      }
    }

    @Override
    public void run() {
      while (!stopped) {
        sample();
        try {
          Thread.sleep(SAMPLE_MILLIS);
        } catch (InterruptedException e) {
          return;
        }
      }
      sample();
    }

    private synchronized void sample() {
      long self = ProcessHandle.current().pid();
      long rss = memoryBytes(self, "status", "VmRSS:");
      long pss = memoryBytes(self, "smaps_rollup", "Pss:");
      for (ProcessHandle p : ProcessHandle.current().descendants().toList()) {
        if (p.pid() == skipPid) {
          continue;
        }
        rss += memoryBytes(p.pid(), "status", "VmRSS:");
        pss += memoryBytes(p.pid(), "smaps_rollup", "Pss:");
        p.info()
            .totalCpuDuration()
            .ifPresent(d -> childCpuNanos.merge(p.pid(), d.toNanos(), Math::max));
      }
      peakRssBytes = Math.max(peakRssBytes, rss);
      peakPssBytes = Math.max(peakPssBytes, pss);
    }

    synchronized double childCpuSeconds() {
      return childCpuNanos.values().stream().mapToLong(Long::longValue).sum() / 1e9;
    }
  }

  /** A process's memory figure in kB from a /proc/PID file, bytes; 0 when it is gone. */
  private static long memoryBytes(long pid, String file, String field) {
    return Math.max(0, ResidentMemory.kbFigureBytes(pid, file, field));
  }

  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** Writes the figures as JSON. */
  static void writeJson(List<Figures> figures, Path file) throws IOException {
    List<Map<String, Object>> list = new ArrayList<>();
    for (Figures f : figures) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("config", f.config());
      m.put("browsers", f.browsers());
      m.put("pages", f.pages());
      m.put("rendered", f.rendered());
      m.put("wallSeconds", f.wallSeconds());
      m.put("cpuSeconds", f.cpuSeconds());
      m.put("pagesPerSecond", f.pagesPerSecond());
      m.put("pagesPerCpuSecond", f.pagesPerCpuSecond());
      m.put("peakPssBytes", f.peakPssBytes());
      m.put("peakRssBytes", f.peakRssBytes());
      list.add(m);
    }
    BenchJson.write(file, "render", Map.of(), "configs", list, ResidentMemory.peakBytes());
  }
}
