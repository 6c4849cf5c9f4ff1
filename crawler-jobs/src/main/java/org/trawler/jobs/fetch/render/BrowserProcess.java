package org.trawler.jobs.fetch.render;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.FileUtil;

/**
 * One headless Chromium and its DevTools connection: the one owner of the process, which {@link
 * #close} ends (with every process it started) and whose fresh profile it removes, on every path.
 *
 * <p>Chromium is started by a small shell watchdog in a process group of its own ({@code setsid}):
 * the watchdog polls the task JVM and kills the whole group once the JVM is gone, so a task killed
 * with SIGKILL (no shutdown hook runs) leaves no browser behind; SIGTERM to the watchdog (what
 * {@link #close} sends) kills the group at once.
 *
 * <p>DevTools goes over {@code --remote-debugging-pipe}, never a port: nothing listens, so no other
 * user of the node can drive the browser. Chromium reads the protocol on its fd 3 and writes on its
 * fd 4, which a JVM cannot hand a child; the watchdog gives the browser its own stdin as fd 3 and
 * its stdout as fd 4 (the two anonymous pipes every child of a {@link ProcessBuilder} has), and
 * takes them from everyone else. Chosen over named pipes: no name in the file system anyone could
 * open, no open(2) of a FIFO that blocks for ever when the browser dies before opening its end, and
 * the browser's death is an end of file on its pipe.
 */
final class BrowserProcess implements AutoCloseable {
  /** How long a browser may take to start and answer on its DevTools pipe. */
  static final long START_MILLIS = 30_000;

  /** How long stopping takes at most: SIGTERM to the group, then the wait for it. */
  static final long STOP_MILLIS = 10_000;

  /**
   * $1 the JVM's pid, then the browser's command line. The shell's stdin and stdout (the JVM's two
   * pipes) are kept as fds 5 and 6, handed to the browser alone as its fds 3 and 4, and closed in
   * the shell, so the browser's end of the pipe is the only one: its death is an end of file. "kill
   * -9 0" ends every process of the group (the browser, its zygote and renderers, this shell).
   */
  private static final String WATCHDOG =
      "jvm=$1; shift; trap 'kill -9 0' TERM INT HUP;"
          + " exec 5<&0 6>&1 </dev/null >/dev/null 2>&1;"
          + " \"$@\" 3<&5 4>&6 5<&- 6>&- &"
          + " exec 5<&- 6>&-;"
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
  static BrowserProcess start(
      String binary, Path tempDir, DevTools.Listener listener, long maxMessageBytes)
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
    DevTools devTools = null;
    try {
      process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      devTools =
          DevTools.over(
              process.getOutputStream(), process.getInputStream(), listener, maxMessageBytes);
      awaitAnswer(process, devTools);
      return new BrowserProcess(process, profile, devTools);
    } catch (IOException | RuntimeException e) {
      if (devTools != null) {
        devTools.close();
      }
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
            "--remote-debugging-pipe",
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

  /** Waits for the browser's first answer on its pipe: it has started. */
  private static void awaitAnswer(Process process, DevTools devTools) throws IOException {
    try {
      devTools.call(
          null,
          "Browser.getVersion",
          null,
          System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS));
    } catch (TimeoutException e) {
      throw new IOException(
          "the browser did not answer on its DevTools pipe in " + START_MILLIS + " ms");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the browser started", e);
    } catch (IOException e) {
      throw process.isAlive()
          ? e
          : new IOException("the browser exited at start (exit code " + process.exitValue() + ")");
    }
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
