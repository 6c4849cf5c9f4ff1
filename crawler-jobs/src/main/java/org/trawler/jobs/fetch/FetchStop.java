package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The first Ctrl-C (SIGINT) or SIGTERM of a fetch or a run acts like the fetch time limit: fetch
 * tasks stop feeding, the requests in flight finish, the segment is written with what was fetched
 * (the rest counted hit_by_timelimit) and the round goes on to update the crawldb; run then stops.
 * A second signal stops at once, as the signal did before (every db is left old or new).
 *
 * <p>The request is process-wide, as a signal is: the fetch tasks of a local run are threads of
 * this JVM. On a cluster the tasks are elsewhere and only the time limit stops them.
 */
public final class FetchStop implements Closeable {
  private static final AtomicBoolean REQUESTED = new AtomicBoolean();

  private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();

  private FetchStop() {}

  /** Whether a stop was asked for since the handlers were installed. */
  public static boolean requested() {
    return REQUESTED.get();
  }

  /**
   * Catches SIGINT and SIGTERM until closed; says on {@code err} what the first one does: stop
   * after the fetches in flight, then {@code then} ("the crawldb is updated").
   */
  public static FetchStop onSignals(PrintStream err, String then) {
    FetchStop stop = new FetchStop();
    REQUESTED.set(false);
    for (String name : List.of("INT", "TERM")) {
      Signal signal = new Signal(name);
      SignalHandler handler =
          s -> {
            if (REQUESTED.compareAndSet(false, true)) {
              err.println(
                  "trawler: stopping after the fetches in flight; what was fetched is kept and "
                      + then
                      + " (press Ctrl-C again to stop at once)");
              err.flush();
            } else {
              stop.previous(s);
            }
          };
      try {
        stop.previous.put(signal, Signal.handle(signal, handler));
      } catch (IllegalArgumentException e) {
        // the JVM was told to leave this signal alone (-Xrs): it ends the process as before
      }
    }
    return stop;
  }

  /** What the signal did before: end the process. */
  private void previous(Signal s) {
    SignalHandler old = previous.get(s);
    if (old == null || old == SignalHandler.SIG_DFL || old == SignalHandler.SIG_IGN) {
      Runtime.getRuntime().exit(128 + s.getNumber());
    } else {
      old.handle(s);
    }
  }

  @Override
  public void close() {
    previous.forEach(Signal::handle);
    REQUESTED.set(false);
  }
}
