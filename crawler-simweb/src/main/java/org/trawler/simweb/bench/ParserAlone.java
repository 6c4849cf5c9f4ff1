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
 * (SegmentParser, the crawl's settings, records written nowhere); CPU is this thread's, as in
 * {@code bench parse-filters}. The parse job's CPU per page over it is issue 43 §1's ratio.
 */
final class ParserAlone {
  /** What the parser alone cost: pages, and this thread's CPU seconds for them. */
  record Figures(long pages, double cpuSeconds) {
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
    long[] pagesAndNanos = new long[2];
    try (SegmentParser parser = new SegmentParser(inline)) {
      for (Path segment : segments) {
        PartFiles.read(
            inline,
            new Path(segment, Segment.CONTENT),
            new Text(),
            new Content(),
            (url, content) -> {
              long start = threads.getCurrentThreadCpuTime();
              try {
                parser.parse(url, content, 0L, (k, v) -> {});
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted");
              }
              pagesAndNanos[1] += threads.getCurrentThreadCpuTime() - start;
              pagesAndNanos[0]++;
            });
      }
    }
    return new Figures(pagesAndNanos[0], pagesAndNanos[1] / 1e9);
  }
}
