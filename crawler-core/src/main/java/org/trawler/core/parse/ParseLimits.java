package org.trawler.core.parse;

/**
 * When a parse has run too long: past {@code cpuNanos} of its thread's CPU time (parser.timeout),
 * or past {@code wallNanos} of wall-clock time (parser.timeout.wall, 0 = none), the backstop for a
 * parse that blocks or sleeps. CPU time is what a parse costs: on a busy machine a big PDF's wall
 * time grows with the load, its CPU time does not.
 */
record ParseLimits(long cpuNanos, long wallNanos) {
  /** The shortest wait between two looks at a running parse: no parse near its limit is spun on. */
  static final long MIN_WAIT_NANOS = 10_000_000L;

  /** The limit a parse passed, named by its setting. */
  enum Overrun {
    CPU(ParseKeys.TIMEOUT, "of CPU time"),
    WALL(ParseKeys.TIMEOUT_WALL, "of wall-clock time");

    private final String key;
    private final String clock;

    Overrun(String key, String clock) {
      this.key = key;
      this.clock = clock;
    }

    /** "more than 30 s of CPU time (parser.timeout)". */
    String describe(long nanos) {
      String time =
          nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + " s" : nanos / 1_000_000L + " ms";
      return "more than " + time + " " + clock + " (" + key + ")";
    }
  }

  /**
   * Which limit a parse that used {@code cpu} ns of CPU time in {@code wall} ns passed, or null.
   */
  Overrun overrun(long cpu, long wall) {
    if (cpu >= cpuNanos) {
      return Overrun.CPU;
    }
    return wallNanos > 0 && wall >= wallNanos ? Overrun.WALL : null;
  }

  /** The limit in ns of {@code overrun}. */
  long nanos(Overrun overrun) {
    return overrun == Overrun.CPU ? cpuNanos : wallNanos;
  }

  /**
   * How long to wait before looking again at a parse that used {@code cpu} ns of CPU time in {@code
   * wall} ns: one thread's CPU time cannot run ahead of the wall clock, so the CPU budget left is
   * the earliest it can pass that limit (a busy machine makes more looks, never a late one).
   */
  long waitNanos(long cpu, long wall) {
    long wait = cpuNanos - cpu;
    if (wallNanos > 0) {
      wait = Math.min(wait, wallNanos - wall);
    }
    return Math.max(wait, MIN_WAIT_NANOS);
  }
}
