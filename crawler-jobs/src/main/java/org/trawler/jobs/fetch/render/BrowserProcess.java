package org.trawler.jobs.fetch.render;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileUtil;

/**
 * One headless Chromium and its DevTools connection: the one owner of the process, which {@link
 * #close} ends (with every process it started) and whose fresh profile it removes, on every path.
 *
 * <p>Chromium is started by a small shell watchdog in a process group of its own ({@code setsid}):
 * the watchdog polls the task JVM and kills the whole group once the JVM is gone, so a task killed
 * with SIGKILL (no shutdown hook runs) leaves no browser behind; SIGTERM to the watchdog (what
 * {@link #close} sends) kills the group at once.
 */
final class BrowserProcess implements AutoCloseable {
  /** How long a browser may take to start and open its DevTools port. */
  static final long START_MILLIS = 30_000;

  /** How long stopping takes at most: SIGTERM to the group, then the wait for it. */
  static final long STOP_MILLIS = 10_000;

  /**
   * $1 the JVM's pid, then the browser's command line. "kill -9 0" ends every process of the group
   * (the browser, its zygote and renderers, this shell).
   */
  private static final String WATCHDOG =
      "jvm=$1; shift; trap 'kill -9 0' TERM INT HUP;"
          + " \"$@\" </dev/null >/dev/null 2>&1 &"
          + " while kill -0 \"$jvm\" 2>/dev/null; do sleep 0.5; done; kill -9 0";

  private final Process process;
  private final Path profile;
  private final DevTools devTools;

  private BrowserProcess(Process process, Path profile, DevTools devTools) {
    this.process = process;
    this.profile = profile;
    this.devTools = devTools;
  }

  /** Starts the browser {@code binary} with a fresh profile under {@code tempDir}. */
  static BrowserProcess start(String binary, Path tempDir, DevTools.Listener listener)
      throws IOException {
    Path profile = Files.createTempDirectory(tempDir, "trawler-chromium-");
    List<String> command = new ArrayList<>();
    command.add("setsid");
    command.add("sh");
    command.add("-c");
    command.add(WATCHDOG);
    command.add("trawler-browser-watchdog");
    command.add(Long.toString(ProcessHandle.current().pid()));
    command.add(binary);
    command.addAll(flags(profile, runsAsRoot()));
    Process process = null;
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      URI endpoint = awaitEndpoint(process, profile);
      DevTools devTools = DevTools.connect(endpoint, listener, Duration.ofSeconds(10));
      return new BrowserProcess(process, profile, devTools);
    } catch (IOException | RuntimeException e) {
      stop(process, profile);
      throw e;
    }
  }

  /**
   * Headless without GPU; no sandbox only when running as root (tasks run as root in containers,
   * where Chromium refuses to start its sandbox); and a proxy that does not exist for everything,
   * so the only bytes the browser ever gets are the ones the fetch task hands it through request
   * interception: a request it would make on its own (a WebSocket, a prefetch, WebRTC) fails
   * instead of reaching the network.
   */
  static List<String> flags(Path profile, boolean root) {
    List<String> flags = new ArrayList<>(List.of("--headless"));
    if (root) {
      flags.add("--no-sandbox");
    }
    flags.addAll(
        List.of(
            "--disable-gpu",
            "--user-data-dir=" + profile,
            "--remote-debugging-port=0",
            "--remote-allow-origins=*",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--disable-default-apps",
            "--disable-dev-shm-usage",
            "--mute-audio",
            "--proxy-server=127.0.0.1:9",
            "--proxy-bypass-list=<-loopback>",
            "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
            "--dns-prefetch-disable",
            "about:blank"));
    return flags;
  }

  /** Whether this JVM runs as root (uid 0, the Uid line of /proc/self/status). */
  static boolean runsAsRoot() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return line.substring(4).trim().split("\\s+")[0].equals("0");
        }
      }
    } catch (IOException e) {
      // not Linux: ask the name
    }
    return "root".equals(System.getProperty("user.name"));
  }

  /** The DevTools address the browser writes into its profile once it listens. */
  private static URI awaitEndpoint(Process process, Path profile) throws IOException {
    Path port = profile.resolve("DevToolsActivePort");
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
    while (System.nanoTime() < deadline) {
      if (Files.isRegularFile(port)) {
        List<String> lines = Files.readAllLines(port, StandardCharsets.UTF_8);
        if (lines.size() >= 2) {
          return URI.create("ws://127.0.0.1:" + lines.get(0).trim() + lines.get(1).trim());
        }
      }
      if (!process.isAlive()) {
        throw new IOException(
            "the browser exited at start (exit code " + process.exitValue() + ")");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while the browser started", e);
      }
    }
    throw new IOException("the browser did not open its DevTools port in " + START_MILLIS + " ms");
  }

  DevTools devTools() {
    return devTools;
  }

  /** The process group of the browser and its watchdog (the watchdog's pid). */
  long group() {
    return process.pid();
  }

  Path profile() {
    return profile;
  }

  boolean isAlive() {
    return process.isAlive() && devTools.isOpen();
  }

  @Override
  public void close() {
    devTools.close();
    stop(process, profile);
  }

  private static void stop(Process process, Path profile) {
    if (process != null) {
      List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
      process.destroy(); // the watchdog's trap kills the group
      try {
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
      all.forEach(ProcessHandle::destroyForcibly); // any that left the group
    }
    FileUtil.fullyDelete(new File(profile.toString()));
  }
}
