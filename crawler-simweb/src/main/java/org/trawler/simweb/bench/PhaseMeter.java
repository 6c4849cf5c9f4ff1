package org.trawler.simweb.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Map;
import org.trawler.jobs.crawl.CrawlRound;

/**
 * Measures one phase of a benchmark in this JVM: wall time, CPU time of the whole process, the
 * heap's peak (each heap pool's peak is reset when the phase starts) and the process's peak
 * resident set (reset too where Linux allows it), and keeps the process's peak over all phases.
 */
final class PhaseMeter {
  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final List<MemoryPoolMXBean> heapPools =
      ManagementFactory.getMemoryPoolMXBeans().stream()
          .filter(p -> p.getType() == MemoryType.HEAP)
          .toList();

  /** What one phase cost; {@code results} are its tool's counters (see CrawlTool#results). */
  record Sample(
      int round,
      String phase,
      double seconds,
      double cpuSeconds,
      long heapPeakBytes,
      long oldGenPeakBytes,
      Map<String, Long> results,
      long rssPeakBytes) {

    long result(String key) {
      return results.getOrDefault(key, 0L);
    }
  }

  /** Runs {@code work} after a collection (so one phase's garbage is not billed to the next). */
  /** The largest resident set seen so far, bytes; -1 if unknown. */
  private long processRssPeak = ResidentMemory.peakBytes();

  Sample measure(int round, String phase, CrawlRound.Step work) throws Exception {
    processRssPeak = Math.max(processRssPeak, ResidentMemory.peakBytes());
    System.gc();
    heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);
    ResidentMemory.resetPeak();
    long cpu0 = os.getProcessCpuTime();
    long t0 = System.nanoTime();
    Map<String, Long> results = work.run();
    double seconds = (System.nanoTime() - t0) / 1e9;
    double cpuSeconds = (os.getProcessCpuTime() - cpu0) / 1e9;
    long heapPeak = 0;
    long oldPeak = 0;
    for (MemoryPoolMXBean p : heapPools) {
      long peak = p.getPeakUsage().getUsed();
      heapPeak += peak;
      if (p.getName().contains("Old") || p.getName().contains("Tenured")) {
        oldPeak = Math.max(oldPeak, peak);
      }
    }
    long rssPeak = ResidentMemory.peakBytes();
    processRssPeak = Math.max(processRssPeak, rssPeak);
    return new Sample(
        round, phase, seconds, cpuSeconds, heapPeak, oldPeak, Map.copyOf(results), rssPeak);
  }

  /**
   * Wall time and counters of a step that may run beside another: no collection first, its CPU the
   * whole process's over the step's wall time (shared with what ran beside it), no memory figures.
   */
  Sample timed(int round, String phase, CrawlRound.Step work) throws Exception {
    long cpu0 = os.getProcessCpuTime();
    long t0 = System.nanoTime();
    Map<String, Long> results = work.run();
    double seconds = (System.nanoTime() - t0) / 1e9;
    double cpuSeconds = (os.getProcessCpuTime() - cpu0) / 1e9;
    return new Sample(round, phase, seconds, cpuSeconds, 0, 0, Map.copyOf(results), -1);
  }

  /**
   * The process's peak resident set over all phases and between them so far, bytes; -1 if unknown.
   */
  long processRssPeakBytes() {
    return Math.max(processRssPeak, ResidentMemory.peakBytes());
  }
}
