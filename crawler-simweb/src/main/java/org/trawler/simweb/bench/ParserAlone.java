package org.trawler.simweb.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.Content;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.parse.SegmentParser;

/**
 * The parser alone on the pages a crawl's parse jobs parsed: each segment's content parsed again on
 * this thread, after the jobs (so the JIT has compiled the parse), through the crawl's parse
 * (SegmentParser: the parser, the page's fingerprint, its linked datums made; the crawl's settings;
 * records written nowhere), not reading the content; CPU is this thread's, as in {@code bench
 * parse-filters}. The parse job's CPU per page over it is issue 43 §1's ratio. The job's CPU is the
 * whole process's, so the same parse calls are also measured by the process's CPU: that adds the
 * collector's work on the parser's garbage, which the job pays and this thread does not.
 */
final class ParserAlone {
  /**
   * What the parser alone cost: pages, this thread's CPU seconds for them, and the process's CPU
   * seconds during the same parse calls (this thread's and the collector's).
   */
  record Figures(long pages, double cpuSeconds, double processCpuSeconds) {
    double pagesPerCpuSecond() {
      return pages / cpuSeconds;
    }
  }

  private ParserAlone() {}

  /** Parses the content of {@code segments} once with the settings of {@code conf}. */
  static Figures measure(Configuration conf, List<Path> segments) throws Exception {
    Configuration inline = new Configuration(conf);
    inline.set(ParseKeys.TIMEOUT, "0"); // on this thread, whose CPU is measured
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long[] pagesAndNanos = new long[3];
    try (SegmentParser parser = new SegmentParser(inline)) {
      for (Path segment : segments) {
        PartFiles.read(
            inline,
            new Path(segment, Segment.CONTENT),
            new Text(),
            new Content(),
            (url, content) -> {
              long start = threads.getCurrentThreadCpuTime();
              long processStart = os.getProcessCpuTime();
              try {
                parser.parse(url, content, 0L, (k, v) -> {});
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted");
              }
              pagesAndNanos[1] += threads.getCurrentThreadCpuTime() - start;
              pagesAndNanos[2] += os.getProcessCpuTime() - processStart;
              pagesAndNanos[0]++;
            });
      }
    }
    return new Figures(pagesAndNanos[0], pagesAndNanos[1] / 1e9, pagesAndNanos[2] / 1e9);
  }
}
