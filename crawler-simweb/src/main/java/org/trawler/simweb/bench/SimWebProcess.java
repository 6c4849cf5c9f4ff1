package org.trawler.simweb.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.trawler.core.UserException;
import org.trawler.jobs.cli.Main;
import org.trawler.simweb.SimWebServer;

/**
 * A {@code simweb} server in a JVM of its own (same java, same classpath), so that the server's CPU
 * is not billed to the crawler it serves. Ready once its seeds file exists; killed on close.
 */
final class SimWebProcess implements AutoCloseable {
  private static final long START_TIMEOUT_MILLIS = 120_000;

  private final Process process;
  private final Thread killer;

  private SimWebProcess(Process process) {
    this.process = process;
    this.killer = new Thread(process::destroyForcibly, "simweb-killer");
    Runtime.getRuntime()
        .addShutdownHook(killer); // Ctrl-C on the benchmark must not leave the server running
  }

  /** simweb's server threads for a crawler with {@code crawlerThreads} fetcher threads. */
  static int serverThreads(int crawlerThreads) {
    return Math.max(64, 4 * crawlerThreads);
  }

  /**
   * simweb's arguments for a site of {@code shape} on an ephemeral port where every request is a
   * page: no redirects, 404s, 500s or robots-denied pages.
   */
  static List<String> cleanSite(String... shape) {
    List<String> args = new ArrayList<>(List.of(shape));
    args.addAll(
        List.of(
            "--port",
            "0",
            "--redirect-pct",
            "0",
            "--notfound-pct",
            "0",
            "--error-pct",
            "0",
            "--disallow-pct",
            "0"));
    return args;
  }

  /** Starts {@code simweb <args> --seeds-file <seeds>} and waits until the seeds are written. */
  static SimWebProcess start(List<String> args, Path seeds, Path log)
      throws IOException, UserException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("-D" + SimWebServer.NODELAY_PROPERTY + "=true");
    cmd.add(Main.class.getName());
    cmd.add("simweb");
    cmd.addAll(args);
    cmd.add("--seeds-file");
    cmd.add(seeds.toString());
    Files.deleteIfExists(seeds);
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    SimWebProcess server = new SimWebProcess(p);
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
    try {
      while (!Files.exists(seeds)) {
        if (!p.isAlive()) {
          throw new UserException(
              "simweb exited (code " + p.exitValue() + ") before serving; its output: " + log);
        }
        if (System.currentTimeMillis() > deadline) {
          throw new UserException(
              "simweb wrote no seeds within "
                  + START_TIMEOUT_MILLIS / 1000
                  + " s; its output: "
                  + log);
        }
        Thread.sleep(50);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.close();
      throw new UserException("interrupted while starting simweb");
    } catch (UserException e) {
      server.close();
      throw e;
    }
    return server;
  }

  /** The server's process id. */
  long pid() {
    return process.pid();
  }

  /** CPU seconds the server used so far, or -1 when the OS does not say. */
  double cpuSeconds() {
    return process.info().totalCpuDuration().map(Duration::toNanos).map(n -> n / 1e9).orElse(-1.0);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs anyway
    }
  }
}
