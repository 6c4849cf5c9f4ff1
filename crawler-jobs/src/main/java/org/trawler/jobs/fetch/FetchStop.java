package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The first Ctrl-C (SIGINT) or SIGTERM of a fetch or a run acts like the fetch time limit: fetch
 * tasks stop feeding, the requests in flight finish, the segment is written with what was fetched
 * (the rest counted hit_by_timelimit) and the round goes on to update the crawldb; run then stops.
 * A second signal stops at once, as the signal did before (every db is left old or new).
 *
 * <p>Owned by the command that drives the rounds. Its fetch tasks are made by Hadoop from the job's
 * configuration alone, so the request reaches them as a file: the command names it in the
 * configuration ({@link FetcherKeys#INTERNAL_STOP_MARKER}) and creates it on the first signal. The
 * tasks of a local run see it; on a cluster the tasks are elsewhere and only the time limit stops
 * them.
 */
public final class FetchStop implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(FetchStop.class);

  private final AtomicBoolean requested = new AtomicBoolean();
  private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
  private final Configuration conf;
  private final Path markerDir;
  private final Path marker;

  private FetchStop(Configuration conf, Path markerDir) {
    this.conf = conf;
    this.markerDir = markerDir;
    this.marker = markerDir.resolve("stop-requested");
  }

  /** Whether a stop was asked for since the handlers were installed. */
  public boolean requested() {
    return requested.get();
  }

  /**
   * Whether the command that runs this fetch task's job asked it to stop (the file named by {@link
   * FetcherKeys#INTERNAL_STOP_MARKER} exists); never for a job run without one.
   */
  public static boolean requestedOf(String marker) {
    return marker != null && Files.exists(Path.of(marker));
  }

  /**
   * Catches SIGINT and SIGTERM until closed, and names the stop request's file in {@code conf} for
   * the fetch jobs made from it; says on {@code err} what the first signal does: stop after the
   * fetches in flight, then {@code then} ("the crawldb is updated").
   */
  public static FetchStop onSignals(Configuration conf, PrintStream err, String then) {
    FetchStop stop;
    try {
      stop = new FetchStop(conf, Files.createTempDirectory("trawler-fetch-stop"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the fetch stop's directory", e);
    }
    stop.markerDir.toFile().deleteOnExit(); // after the marker: the JVM deletes in reverse order
    stop.marker.toFile().deleteOnExit(); // a second signal ends the JVM without close()
    conf.set(FetcherKeys.INTERNAL_STOP_MARKER, stop.marker.toString());
    for (String name : List.of("INT", "TERM")) {
      Signal signal = new Signal(name);
      SignalHandler handler =
          s -> {
            if (stop.requested.compareAndSet(false, true)) {
              stop.tellTasks();
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

  private void tellTasks() {
    try {
      Files.createFile(marker);
    } catch (IOException e) {
      LOG.warn("cannot tell the fetch tasks to stop ({}): they stop at the time limit", marker, e);
    }
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
    conf.unset(FetcherKeys.INTERNAL_STOP_MARKER);
    try {
      Files.deleteIfExists(marker);
      Files.deleteIfExists(markerDir);
    } catch (IOException e) {
      LOG.debug("cannot remove {}", markerDir, e);
    }
  }
}
