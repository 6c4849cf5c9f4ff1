package org.trawler.simweb.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time of this JVM's JIT compiler threads, from Linux's per-thread counters: how much of a
 * phase's CPU went to compiling rather than running. The JVM's own figure (CompilationMXBean) is
 * its compilers' elapsed time, which on a busy machine counts their waits for a core too.
 */
final class JitTime {
  /** Linux's clock ticks per second in /proc (USER_HZ). */
  private static final int TICKS_PER_SECOND = 100;

  private JitTime() {}

  /** CPU milliseconds of the compiler threads now alive; -1 where /proc does not tell. */
  static long cpuMillis() {
    long ticks = 0;
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
      for (Path thread : threads) {
        String stat = Files.readString(thread.resolve("stat"));
        int close = stat.lastIndexOf(')');
        if (!stat.substring(stat.indexOf('(') + 1, close).contains("CompilerThre")) {
          continue; // Linux keeps 15 characters of "C2 CompilerThread0"
        }
        String[] fields = stat.substring(close + 2).split(" ");
        ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return ticks * 1000 / TICKS_PER_SECOND;
  }

  /** The compiler threads' CPU milliseconds since {@code start} (a cpuMillis), or -1 if unknown. */
  static long millisSince(long start) {
    long now = cpuMillis();
    return start < 0 || now < 0 ? -1 : now - start;
  }

  /** {@code millis} in seconds, -1 staying -1 (unknown). */
  static double seconds(long millis) {
    return millis < 0 ? -1 : millis / 1e3;
  }
}
